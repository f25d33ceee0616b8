import { useSelector } from '@xstate/react';
import { Info } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChatActorRef, ChatMember, ChatPeer } from '../../machines/chat/chat.machine';
import {
  memberCount,
  selectConversationName,
  selectEditing,
  selectGroupChat,
  selectHasOlder,
  selectLoadingOlder,
  selectMessages,
  selectPeerFace,
  selectThreadError,
  selectThreadFailed,
  selectThreadKeptAt,
  selectThreadWaiting,
} from '../../machines/chat/chat.connect';
import { selectOnline } from '../../machines/chat/presence.connect';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { IconButton } from '../ui/IconButton';
import { LoadError } from '../ui/LoadError';
import { PageSpinner } from '../ui/PageSpinner';
import { useChatLogic } from './ChatLogic';
import { useScreenActor } from '../shared/useScreenActor';
import { GroupAvatar } from './GroupAvatar';
import { GroupInfoDialog } from './GroupInfoDialog';
import { MessageBubble } from './MessageBubble';
import { MessageComposer } from './MessageComposer';
import { OfflineNotice } from '../offline/OfflineNotice';
import { OutboxMark, useOutboxItems } from '../offline/OutboxMark';
import { outboxMessagesFor } from '../../machines/offline/outbox.connect';
import { BackLink } from '../shell/PageHeader';
import { CHAT_HREF } from '../../machines/shell/routes';

/** The conversation's name: the page's h1 where the thread is the whole page (a phone), else under the list's h1. */
type Level = 'h1' | 'h2';

/** The header of a private conversation: the other member's face, as the list knows it. */
function PeerHeading({ chat, peer, level: Heading }: { chat: ChatActorRef; peer: ChatPeer; level: Level }) {
  const face = useSelector(chat, (s) => selectPeerFace(s, peer.id));
  const [avatarColor, profilePicture] = (face ?? '|').split('|');
  return (
    <>
      <Avatar username={peer.username} avatarColor={avatarColor || undefined} profilePicture={profilePicture || undefined} size="sm" />
      <div className="flex min-w-0 flex-col">
        <Heading className="truncate text-lg leading-tight font-semibold">{peer.username}</Heading>
        <PeerPresence peerId={peer.id} />
      </div>
    </>
  );
}

/** 'Online' / 'Offline' under the other member's name: the socket watches them while the conversation is open. */
function PeerPresence({ peerId }: { peerId: string }) {
  const { presence: logic } = useChatLogic();
  const presence = useScreenActor(logic, { input: { userIds: [peerId] } });
  const online = useSelector(presence, (s) => selectOnline(s, peerId));
  // Unknown until the server answers (no socket yet): nothing rather than a wrong word.
  if (online === null) return null;
  return (
    <p className="flex items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-400" data-online={online}>
      <span aria-hidden="true" className={`size-2 rounded-full ${online ? 'bg-green-600' : 'bg-neutral-400'}`} />
      {online ? 'Online' : 'Offline'}
    </p>
  );
}

/** The header of a group chat: its current name and members, and its info (members, admin controls). */
function GroupHeading({ chat, me, peer, level: Heading }: { chat: ChatActorRef; me: ChatMember; peer: ChatPeer; level: Level }) {
  const group = useSelector(chat, (s) => selectGroupChat(s, peer.id));
  const [open, setOpen] = useState(false);
  const close = useMemo(() => () => setOpen(false), []);
  const members = group ? memberCount(group) : 0;
  return (
    <>
      <GroupAvatar picture={group?.profileImage} size="sm" />
      <div className="flex min-w-0 flex-1 flex-col">
        <Heading className="truncate text-lg leading-tight font-semibold">{group?.name ?? peer.username}</Heading>
        {group ? (
          <p className="text-xs text-neutral-600 dark:text-neutral-400">
            {members} {members === 1 ? 'member' : 'members'}
          </p>
        ) : null}
      </div>
      {group ? (
        <IconButton label="Group info" onPress={() => setOpen(true)}>
          <Info size={20} />
        </IconButton>
      ) : null}
      {open && group ? <GroupInfoDialog chat={chat} me={me} group={group} onClose={close} /> : null}
    </>
  );
}

/**
 * The open conversation (private or group): messages oldest first, older pages on demand, the
 * composer. `alone`: the conversation is the whole page (a phone), its name the page's h1.
 */
export function ChatThread({ chat, me, peer, alone }: { chat: ChatActorRef; me: ChatMember; peer: ChatPeer; alone: boolean }) {
  const messages = useSelector(chat, selectMessages);
  const loading = useSelector(chat, selectThreadWaiting);
  const failed = useSelector(chat, selectThreadFailed);
  const error = useSelector(chat, selectThreadError);
  const hasOlder = useSelector(chat, selectHasOlder);
  const loadingOlder = useSelector(chat, selectLoadingOlder);
  const keptAt = useSelector(chat, selectThreadKeptAt);
  const busy = useSelector(chat, selectEditing);
  const name = useSelector(chat, (s) => selectConversationName(s, peer));
  // Messages that found no server wait in the outbox: shown after the thread, in the order written, until stored.
  const { outbox, items: waiting } = useOutboxItems((s) => outboxMessagesFor(s, peer.id, peer.isGroup));
  const unsent = waiting.filter((item) => !messages.some((m) => m.clientId === item.clientId));
  const bottom = useRef<HTMLDivElement>(null);
  const last = unsent.at(-1)?.clientId ?? messages.at(-1)?._id;
  const level: Level = alone ? 'h1' : 'h2';
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);

  return (
    <section aria-label={peer.isGroup ? `Group chat ${name}` : `Conversation with ${name}`} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b border-neutral-200 px-3 py-2.5 dark:border-neutral-800">
        {/* Back where the member came from (a profile, a post), else to the conversations. */}
        <BackLink href={`~${CHAT_HREF}`} />
        {peer.isGroup ? (
          <GroupHeading chat={chat} me={me} peer={peer} level={level} />
        ) : (
          <PeerHeading key={peer.id} chat={chat} peer={peer} level={level} />
        )}
      </header>
      {loading ? (
        <PageSpinner label="Loading messages" />
      ) : failed ? (
        <div className="p-4">
          <LoadError onRetry={() => chat.send({ type: 'chat.retryThread' })}>{error}</LoadError>
        </div>
      ) : (
        <>
          <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
            {/* The conversation's kept copy (the server was not reached); what waits in the outbox still follows it. */}
            {keptAt !== null ? <OfflineNotice savedAt={keptAt} /> : null}
            {hasOlder ? (
              <div className="flex justify-center pb-2">
                <Button variant="secondary" size="sm" isDisabled={loadingOlder} onPress={() => chat.send({ type: 'chat.loadOlder' })}>
                  {loadingOlder ? 'Loading...' : 'Earlier messages'}
                </Button>
              </div>
            ) : null}
            {messages.length === 0 && unsent.length === 0 ? (
              <p className="py-10 text-center text-sm text-neutral-600 dark:text-neutral-400">Say hello to {name}.</p>
            ) : (
              <div role="log" aria-label="Messages">
                <ol className="flex flex-col gap-2">
                  {messages.map((m) => (
                    <MessageBubble key={m.clientId ?? m._id} chat={chat} message={m} me={me} busy={busy} inGroup={peer.isGroup} />
                  ))}
                  {unsent.map((item) => (
                    <li
                      key={item.clientId}
                      className="flex flex-col items-end gap-1"
                      aria-label={`You: ${item.payload.body || 'an attachment'}`}
                    >
                      {item.payload.body ? (
                        <div className="max-w-[85%] rounded-2xl bg-accent-strong px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-wrap text-white opacity-70">
                          {item.payload.body}
                        </div>
                      ) : null}
                      {item.payload.image || item.payload.selectedImage || item.payload.gifUrl ? (
                        <span className="text-xs text-neutral-600 dark:text-neutral-400">{item.payload.gifUrl ? 'GIF' : 'Image'}</span>
                      ) : null}
                      <OutboxMark outbox={outbox} item={item} />
                    </li>
                  ))}
                </ol>
              </div>
            )}
            <div ref={bottom} />
          </div>
          <MessageComposer chat={chat} name={name} />
        </>
      )}
    </section>
  );
}
