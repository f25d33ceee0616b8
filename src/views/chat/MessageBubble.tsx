import { AlertCircle, Check, CheckCheck, Clock, RotateCw, SmilePlus, Trash2 } from 'lucide-react';
import { Button as AriaButton, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { REACTION_TYPES } from '../../api/constants';
import type { ChatActorRef, ChatMember, ThreadMessage } from '../../machines/chat/chat.machine';
import { messageRights } from '../../machines/chat/chat.connect';
import { IconButton } from '../ui/IconButton';
import { MoreMenu } from '../overlays/MoreMenu';
import { RichText } from '../ui/RichText';
import { REACTION_LABEL } from '../streams/reactions/ReactionBar';
import { ReactionImage } from '../streams/reactions/ReactionImage';
import { messageSummary } from './chatLinks';
import { shortTime } from '../shared/shortTime';

function Status({ message }: { message: ThreadMessage }) {
  if (message.status === 'pending')
    return (
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" size={12} />
        Sending
      </span>
    );
  if (message.status === 'failed')
    return (
      <span className="inline-flex items-center gap-1 text-red-700 dark:text-red-400">
        <AlertCircle aria-hidden="true" size={12} />
        Not sent{message.error ? `: ${message.error}` : ''}
      </span>
    );
  // A group keeps no read state: its messages are only sent.
  return message.isRead && !message.isGroupChat ? (
    <span className="inline-flex items-center gap-1">
      <CheckCheck aria-hidden="true" size={12} />
      Read
    </span>
  ) : (
    <span className="inline-flex items-center gap-1">
      <Check aria-hidden="true" size={12} />
      Sent
    </span>
  );
}

/** A gif or an image in a bubble: lazy, bounded, described. */
function Media({ message, who }: { message: ThreadMessage; who: string }) {
  const src = message.selectedImage || message.gifUrl;
  if (!src) return null;
  const alt = message.selectedImage ? `Image from ${who}` : `GIF from ${who}`;
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      className="max-h-72 w-auto max-w-full rounded-2xl object-contain sm:max-w-xs"
    />
  );
}

/** One message: text and media, reactions, status (ours), and its options. `inGroup`: others' names are shown. */
export function MessageBubble({
  chat,
  message,
  me,
  busy,
  inGroup,
}: {
  chat: ChatActorRef;
  message: ThreadMessage;
  me: ChatMember;
  busy: boolean;
  inGroup: boolean;
}) {
  const { mine, withdrawn, myReaction, canReact, canDelete, canDeleteForEveryone, canRetry } = messageRights(message, me);
  const text = withdrawn ? 'This message was deleted' : message.body;
  const who = mine ? 'You' : message.senderUsername;
  return (
    <li className={`group flex flex-col ${mine ? 'items-end' : 'items-start'}`} aria-label={`${who}: ${text || messageSummary(message)}`}>
      {inGroup && !mine ? (
        <p className="px-3 pb-0.5 text-xs font-semibold text-neutral-700 dark:text-neutral-300">{message.senderUsername}</p>
      ) : null}
      <div className={`flex max-w-[85%] items-end gap-1 ${mine ? 'flex-row-reverse' : ''}`}>
        <div className={`flex min-w-0 flex-col gap-1 ${mine ? 'items-end' : 'items-start'}`}>
          {withdrawn ? null : <Media message={message} who={who} />}
          {text ? (
            <div
              className={
                'rounded-2xl px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-wrap ' +
                // Not sent yet: a dashed outline, not faded (faded text and its mark would fail contrast).
                (message.status === 'pending'
                  ? 'outline-1 outline-offset-2 outline-neutral-400 outline-dashed dark:outline-neutral-500 '
                  : '') +
                (withdrawn
                  ? 'border border-neutral-300 italic text-neutral-600 dark:border-neutral-700 dark:text-neutral-400'
                  : mine
                    ? 'bg-accent-strong text-white'
                    : 'bg-neutral-100 text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100')
              }
            >
              {withdrawn ? text : <RichText text={text} tone={mine ? 'inherit' : 'accent'} />}
            </div>
          ) : null}
        </div>
        {canReact || canDelete ? (
          <div className="flex shrink-0 items-center opacity-100 sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100">
            <DialogTrigger>
              <IconButton label="React to message" isDisabled={busy}>
                <SmilePlus size={16} />
              </IconButton>
              <Popover
                placement="top"
                className="rounded-full border border-neutral-200 bg-white p-1 shadow-xl dark:border-neutral-800 dark:bg-neutral-900"
              >
                <Dialog aria-label="Reactions" className="flex gap-0.5 outline-none">
                  {({ close }) =>
                    REACTION_TYPES.map((type) => (
                      <AriaButton
                        key={type}
                        aria-label={REACTION_LABEL[type]}
                        aria-pressed={myReaction === type}
                        onPress={() => {
                          chat.send({
                            type: 'chat.react',
                            messageId: message._id,
                            reaction: type,
                            change: myReaction === type ? 'remove' : 'add',
                          });
                          close();
                        }}
                        className="rounded-full p-1.5 outline-none data-[hovered]:bg-neutral-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent aria-pressed:bg-accent-soft dark:data-[hovered]:bg-neutral-800"
                      >
                        <ReactionImage type={type} size={26} />
                      </AriaButton>
                    ))
                  }
                </Dialog>
              </Popover>
            </DialogTrigger>
            <MoreMenu
              label="Message options"
              small
              isDisabled={busy}
              items={[
                { id: 'me', label: 'Delete for me', icon: <Trash2 aria-hidden="true" size={16} /> },
                ...(canDeleteForEveryone
                  ? [{ id: 'everyone', label: 'Delete for everyone', icon: <Trash2 aria-hidden="true" size={16} />, danger: true }]
                  : []),
              ]}
              onAction={(id) =>
                chat.send({ type: 'chat.delete', messageId: message._id, mode: id === 'everyone' ? 'deleteForEveryone' : 'deleteForMe' })
              }
            />
          </div>
        ) : null}
      </div>
      {message.reaction.length ? (
        <p
          role="img"
          className="-mt-1 flex items-center gap-0.5 rounded-full border border-neutral-200 bg-white px-1.5 py-0.5 dark:border-neutral-700 dark:bg-neutral-900"
          aria-label={`Reactions: ${message.reaction.map((r) => `${r.senderName} ${REACTION_LABEL[r.type]}`).join(', ')}`}
        >
          {message.reaction.map((r) => (
            <ReactionImage key={`${r.userId}-${r.type}`} type={r.type} size={16} />
          ))}
        </p>
      ) : null}
      <p className="mt-0.5 flex flex-wrap items-center gap-2 px-1 text-xs text-neutral-600 dark:text-neutral-400">
        {message.createdAt ? <time dateTime={message.createdAt}>{shortTime(message.createdAt)}</time> : null}
        {mine ? <Status message={message} /> : null}
        {canRetry ? (
          <AriaButton
            onPress={() => chat.send({ type: 'chat.retrySend', clientId: message.clientId! })}
            className="inline-flex items-center gap-1 rounded font-semibold text-accent-strong outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent dark:text-accent"
          >
            <RotateCw aria-hidden="true" size={12} />
            Retry
          </AriaButton>
        ) : null}
      </p>
    </li>
  );
}
