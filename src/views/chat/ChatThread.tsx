import { useSelector } from '@xstate/react';
import { AlertCircle, ArrowLeft, Check, CheckCheck, Clock, MoreHorizontal, RotateCw, SendHorizontal, SmilePlus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button as AriaButton, Dialog, DialogTrigger, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Link } from 'wouter';
import { REACTION_TYPES } from '../../api/constants';
import {
  selectEditing, selectLoadingOlder, selectThreadFailed, selectThreadReady, type ChatActorRef, type ChatMember, type ThreadMessage,
} from '../../machines/chat.machine';
import { Avatar } from '../components/Avatar';
import { Button } from '../components/Button';
import { IconButton } from '../components/IconButton';
import { PageSpinner } from '../components/PageSpinner';
import { REACTION_EMOJI, REACTION_LABEL } from '../streams/ReactionBar';
import { shortTime } from './chatLinks';

const menuItem =
  'flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2 text-sm font-semibold text-neutral-900 outline-none data-[focused]:bg-neutral-100 dark:text-white dark:data-[focused]:bg-neutral-800';

function Status({ message }: { message: ThreadMessage }) {
  if (message.status === 'pending') return <span className="inline-flex items-center gap-1"><Clock aria-hidden="true" size={12} />Sending</span>;
  if (message.status === 'failed') return <span className="inline-flex items-center gap-1 text-red-700 dark:text-red-400"><AlertCircle aria-hidden="true" size={12} />Not sent</span>;
  return message.isRead ? (
    <span className="inline-flex items-center gap-1"><CheckCheck aria-hidden="true" size={12} />Read</span>
  ) : (
    <span className="inline-flex items-center gap-1"><Check aria-hidden="true" size={12} />Sent</span>
  );
}

function Bubble({ chat, message, me, busy }: { chat: ChatActorRef; message: ThreadMessage; me: ChatMember; busy: boolean }) {
  const mine = message.senderId === me.id;
  const withdrawn = message.deleteForEveryone;
  const myReaction = message.reaction.find((r) => r.userId === me.id)?.type ?? null;
  const stored = message.status === 'sent' && !withdrawn;
  const text = withdrawn ? 'This message was deleted' : message.body;
  return (
    <li className={`group flex flex-col ${mine ? 'items-end' : 'items-start'}`} aria-label={`${mine ? 'You' : message.senderUsername}: ${text}`}>
      <div className={`flex max-w-[85%] items-end gap-1 ${mine ? 'flex-row-reverse' : ''}`}>
        <div
          className={
            'rounded-2xl px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-wrap ' +
            (withdrawn
              ? 'border border-neutral-300 italic text-neutral-600 dark:border-neutral-700 dark:text-neutral-400'
              : mine
                ? 'bg-accent-strong text-white'
                : 'bg-neutral-100 text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100') +
            (message.status === 'pending' ? ' opacity-70' : '')
          }
        >
          {text}
        </div>
        {stored ? (
          <div className="flex shrink-0 items-center opacity-100 sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100">
            <DialogTrigger>
              <IconButton label="React to message" isDisabled={busy}>
                <SmilePlus size={16} />
              </IconButton>
              <Popover placement="top" className="rounded-full border border-neutral-200 bg-white p-1 shadow-xl dark:border-neutral-800 dark:bg-neutral-900">
                <Dialog aria-label="Reactions" className="flex gap-0.5 outline-none">
                  {({ close }) =>
                    REACTION_TYPES.map((type) => (
                      <AriaButton
                        key={type}
                        aria-label={REACTION_LABEL[type]}
                        aria-pressed={myReaction === type}
                        onPress={() => {
                          chat.send({ type: 'chat.react', messageId: message._id, reaction: type, change: myReaction === type ? 'remove' : 'add' });
                          close();
                        }}
                        className="rounded-full p-1.5 text-xl outline-none data-[hovered]:bg-neutral-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent aria-pressed:bg-accent-soft dark:data-[hovered]:bg-neutral-800"
                      >
                        {REACTION_EMOJI[type]}
                      </AriaButton>
                    ))
                  }
                </Dialog>
              </Popover>
            </DialogTrigger>
            <MenuTrigger>
              <IconButton label="Message options" isDisabled={busy}>
                <MoreHorizontal size={16} />
              </IconButton>
              <Popover placement="bottom end" className="w-52 rounded-2xl border border-neutral-200 bg-white p-1.5 shadow-xl outline-none dark:border-neutral-800 dark:bg-neutral-900">
                <Menu
                  aria-label="Message options"
                  className="outline-none"
                  onAction={(key) => chat.send({ type: 'chat.delete', messageId: message._id, mode: key === 'everyone' ? 'deleteForEveryone' : 'deleteForMe' })}
                >
                  <MenuItem id="me" textValue="Delete for me" className={menuItem}>
                    <Trash2 aria-hidden="true" size={16} />
                    Delete for me
                  </MenuItem>
                  {mine ? (
                    <MenuItem id="everyone" textValue="Delete for everyone" className={`${menuItem} text-red-700 dark:text-red-400`}>
                      <Trash2 aria-hidden="true" size={16} />
                      Delete for everyone
                    </MenuItem>
                  ) : null}
                </Menu>
              </Popover>
            </MenuTrigger>
          </div>
        ) : null}
      </div>
      {message.reaction.length ? (
        <p className="-mt-1 rounded-full border border-neutral-200 bg-white px-1.5 text-sm dark:border-neutral-700 dark:bg-neutral-900" aria-label={`Reactions: ${message.reaction.map((r) => `${r.senderName} ${REACTION_LABEL[r.type]}`).join(', ')}`}>
          {message.reaction.map((r) => REACTION_EMOJI[r.type]).join('')}
        </p>
      ) : null}
      <p className="mt-0.5 flex items-center gap-2 px-1 text-xs text-neutral-600 dark:text-neutral-400">
        {message.createdAt ? <time dateTime={message.createdAt}>{shortTime(message.createdAt)}</time> : null}
        {mine ? <Status message={message} /> : null}
        {message.status === 'failed' ? (
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

function Composer({ chat, peer }: { chat: ChatActorRef; peer: ChatMember }) {
  const [text, setText] = useState('');
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim()) return;
    chat.send({ type: 'chat.send', body: text });
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };
  return (
    <form aria-label="Send a message" onSubmit={send} className="flex items-end gap-2 border-t border-neutral-200 p-3 dark:border-neutral-800">
      <textarea
        aria-label={`Message ${peer.username}`}
        placeholder={`Message ${peer.username}`}
        rows={1}
        value={text}
        maxLength={5000}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-32 min-h-10 flex-1 resize-none rounded-2xl border border-neutral-300 bg-white px-3.5 py-2 text-[15px] outline-none focus:border-accent focus:ring-2 focus:ring-accent/30 dark:border-neutral-700 dark:bg-neutral-900"
      />
      <IconButton label="Send message" type="submit" isDisabled={!text.trim()}>
        <SendHorizontal size={20} />
      </IconButton>
    </form>
  );
}

/** The open conversation: messages oldest first, older pages on demand, the composer. */
export function ChatThread({ chat, me, peer, showBack }: { chat: ChatActorRef; me: ChatMember; peer: ChatMember; showBack: boolean }) {
  const messages = useSelector(chat, (s) => s.context.messages);
  // Until the thread has loaded (or failed), including the moment before the selection reaches the machine.
  const loading = useSelector(chat, (s) => !selectThreadReady(s) && !selectThreadFailed(s));
  const failed = useSelector(chat, selectThreadFailed);
  const error = useSelector(chat, (s) => s.context.threadError);
  const hasOlder = useSelector(chat, (s) => s.context.hasOlder);
  const loadingOlder = useSelector(chat, selectLoadingOlder);
  const busy = useSelector(chat, selectEditing);
  // The other member's picture and colour, as the list knows them.
  const face = useSelector(chat, (s) => {
    const item = s.context.list.find((i) => i.senderId === peer.id || i.receiverId === peer.id);
    if (!item) return null;
    return item.senderId === peer.id ? `${item.senderAvatarColor}|${item.senderProfilePicture}` : `${item.receiverAvatarColor}|${item.receiverProfilePicture}`;
  });
  const [avatarColor, profilePicture] = (face ?? '|').split('|');
  const bottom = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?._id;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);

  return (
    <section aria-label={`Conversation with ${peer.username}`} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b border-neutral-200 px-3 py-2.5 dark:border-neutral-800">
        {showBack ? (
          <Link href="~/app/social/chat/messages" aria-label="Back to conversations" className="rounded-full p-2 outline-none hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent dark:hover:bg-neutral-800">
            <ArrowLeft aria-hidden="true" size={20} />
          </Link>
        ) : null}
        <Avatar username={peer.username} avatarColor={avatarColor || undefined} profilePicture={profilePicture || undefined} size="sm" />
        <h2 className="truncate text-lg font-semibold">{peer.username}</h2>
      </header>
      {loading ? (
        <PageSpinner label="Loading messages" />
      ) : failed ? (
        <div role="alert" className="flex flex-col items-start gap-3 p-4 text-sm">
          <p className="text-red-700 dark:text-red-400">{error}</p>
          <Button variant="secondary" size="sm" icon={<RotateCw size={16} />} onPress={() => chat.send({ type: 'chat.retryThread' })}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
            {hasOlder ? (
              <div className="flex justify-center pb-2">
                <Button variant="secondary" size="sm" isDisabled={loadingOlder} onPress={() => chat.send({ type: 'chat.loadOlder' })}>
                  {loadingOlder ? 'Loading...' : 'Earlier messages'}
                </Button>
              </div>
            ) : null}
            {messages.length === 0 ? (
              <p className="py-10 text-center text-sm text-neutral-600 dark:text-neutral-400">Say hello to {peer.username}.</p>
            ) : (
              <div role="log" aria-label="Messages">
                <ol className="flex flex-col gap-2">
                  {messages.map((m) => (
                    <Bubble key={m.clientId ?? m._id} chat={chat} message={m} me={me} busy={busy} />
                  ))}
                </ol>
              </div>
            )}
            <div ref={bottom} />
          </div>
          <Composer chat={chat} peer={peer} />
        </>
      )}
    </section>
  );
}
