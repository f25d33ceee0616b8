import { useSelector } from '@xstate/react';
import { MessageCircle } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { CHAT_UNREAD_MAX, type ChatListItem, type ChatMessage, type GroupChat } from '../../api/chat';
import type { ChatActorRef, ChatMember } from '../../machines/chat/chat.machine';
import {
  conversationRows,
  faceOfOther,
  groupPeer,
  isMine,
  memberCount,
  otherOf,
  selectGroupLast,
  selectGroups,
  selectGroupUnread,
  selectList,
  selectListError,
  selectListKeptAt,
  selectListFailed,
  selectListLoading,
} from '../../machines/chat/chat.connect';
import { Avatar } from '../ui/Avatar';
import { LoadError } from '../ui/LoadError';
import { Skeleton } from '../ui/Skeleton';
import { chatHref, messageSummary } from './chatLinks';
import { shortTime } from '../shared/shortTime';
import { OfflineNotice } from '../offline/OfflineNotice';
import { CreateGroupChat } from './CreateGroupChatDialog';
import { GroupAvatar } from './GroupAvatar';
import { GroupInvitations } from './GroupInvitations';
import { NewMessage } from './NewMessageDialog';

function preview(item: ChatListItem, me: ChatMember): string {
  const text = messageSummary(item);
  return isMine(item, me) ? `You: ${text}` : text;
}

function groupPreview(group: GroupChat, last: ChatMessage | null, me: ChatMember): string {
  if (last) return `${isMine(last, me) ? 'You' : last.senderUsername}: ${messageSummary(last)}`;
  const members = memberCount(group);
  return `${members} ${members === 1 ? 'member' : 'members'}`;
}

const rowLink =
  'flex items-center gap-3 px-4 py-3 outline-none hover:bg-neutral-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent dark:hover:bg-neutral-800 ';

function Row({
  href,
  current,
  avatar,
  name,
  time,
  text,
  unread,
}: {
  href: string;
  current: boolean;
  avatar: ReactNode;
  name: string;
  time: string;
  text: string;
  unread: number;
}) {
  return (
    <Link
      href={href}
      aria-current={current ? 'page' : undefined}
      className={rowLink + (current ? 'bg-neutral-100 dark:bg-neutral-800' : '')}
    >
      {avatar}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-baseline justify-between gap-2">
          <span className={`truncate ${unread ? 'font-bold' : 'font-semibold'}`}>{name}</span>
          <span className="shrink-0 text-xs text-neutral-600 dark:text-neutral-400">{shortTime(time)}</span>
        </span>
        <span className="flex items-center justify-between gap-2">
          <span
            className={`truncate text-sm ${unread ? 'font-semibold text-neutral-900 dark:text-white' : 'text-neutral-600 dark:text-neutral-400'}`}
          >
            {text}
          </span>
          {unread ? (
            <span className="shrink-0 rounded-full bg-accent-strong px-2 py-0.5 text-xs font-bold text-white">
              {unread >= CHAT_UNREAD_MAX ? `${CHAT_UNREAD_MAX - 1}+` : unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}

/** The conversations, newest first: private ones (the other member, last message, unread count) and group chats. */
export function ChatList({ chat, me, selectedId }: { chat: ChatActorRef; me: ChatMember; selectedId: string | null }) {
  const list = useSelector(chat, selectList);
  const groups = useSelector(chat, selectGroups);
  const groupLast = useSelector(chat, selectGroupLast);
  const groupUnread = useSelector(chat, selectGroupUnread);
  const loading = useSelector(chat, selectListLoading);
  const failed = useSelector(chat, selectListFailed);
  const error = useSelector(chat, selectListError);
  const keptAt = useSelector(chat, selectListKeptAt);
  const rows = useMemo(() => conversationRows(list, groups, groupLast), [list, groups, groupLast]);

  return (
    <div className="flex min-h-0 flex-col">
      <div className="flex flex-wrap items-center gap-2 px-4 pt-4 pb-2">
        <h1 className="mr-auto text-xl font-bold tracking-tight">Chats</h1>
        <NewMessage me={me} />
        <CreateGroupChat chat={chat} me={me} />
      </div>
      <GroupInvitations chat={chat} me={me} />
      {keptAt !== null && !loading ? (
        <div className="px-4 pt-2">
          <OfflineNotice savedAt={keptAt} />
        </div>
      ) : null}
      <nav aria-label="Conversations" className="flex min-h-0 flex-col">
        {loading ? (
          <ul aria-busy="true" aria-label="Loading conversations" className="flex flex-col gap-3 p-4">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex items-center gap-3">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-3 w-1/3" />
                  <Skeleton className="h-3 w-2/3" />
                </div>
              </li>
            ))}
          </ul>
        ) : failed && rows.length === 0 ? (
          <div className="p-4">
            <LoadError onRetry={() => chat.send({ type: 'chat.retryList' })}>{error}</LoadError>
          </div>
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <MessageCircle aria-hidden="true" size={32} className="text-neutral-400" />
            <p className="font-semibold">No conversations yet</p>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              Choose New message to write to a member, or New group to start a group chat.
            </p>
          </div>
        ) : (
          <ul className="flex flex-col overflow-y-auto">
            {rows.map((row) => {
              if (row.kind === 'group') {
                return (
                  <li key={`g-${row.key}`}>
                    <Row
                      href={chatHref(groupPeer(row.group))}
                      current={row.group._id === selectedId}
                      avatar={<GroupAvatar picture={row.group.profileImage} />}
                      name={row.group.name}
                      time={row.at}
                      text={groupPreview(row.group, row.last, me)}
                      // The open group is being read: its count is on its way to the server.
                      unread={row.group._id === selectedId ? 0 : (groupUnread[row.group._id] ?? 0)}
                    />
                  </li>
                );
              }
              const { item } = row;
              const other = otherOf(me, item);
              const face = faceOfOther(item, me);
              return (
                <li key={row.key}>
                  <Row
                    href={chatHref(other)}
                    current={other.id === selectedId}
                    avatar={<Avatar username={other.username} {...face} />}
                    name={other.username}
                    time={item.createdAt}
                    text={preview(item, me)}
                    unread={item.unreadCount}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </nav>
    </div>
  );
}
