import { useSelector } from '@xstate/react';
import { MessageCircle, RotateCw } from 'lucide-react';
import { Link } from 'wouter';
import type { ChatListItem } from '../../api/chat';
import { otherOf, selectListFailed, selectListLoading, type ChatActorRef, type ChatMember } from '../../machines/chat.machine';
import { Avatar } from '../components/Avatar';
import { Button } from '../components/Button';
import { Skeleton } from '../components/Skeleton';
import { chatHref, shortTime } from './chatLinks';

function preview(item: ChatListItem, me: ChatMember): string {
  const text = item.deleteForEveryone ? 'Message deleted' : item.body || (item.gifUrl ? 'GIF' : item.selectedImage ? 'Photo' : '');
  return item.senderId === me.id ? `You: ${text}` : text;
}

/** The conversations, newest first: the other member, the last message, unread count. */
export function ChatList({ chat, me, selectedId }: { chat: ChatActorRef; me: ChatMember; selectedId: string | null }) {
  const list = useSelector(chat, (s) => s.context.list);
  const loading = useSelector(chat, selectListLoading);
  const failed = useSelector(chat, selectListFailed);
  const error = useSelector(chat, (s) => s.context.listError);

  return (
    <nav aria-label="Conversations" className="flex min-h-0 flex-col">
      <h1 className="px-4 pt-4 pb-2 text-xl font-bold tracking-tight">Chats</h1>
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
      ) : failed && list.length === 0 ? (
        <div role="alert" className="flex flex-col items-start gap-3 p-4 text-sm">
          <p className="text-red-700 dark:text-red-400">{error}</p>
          <Button variant="secondary" size="sm" icon={<RotateCw size={16} />} onPress={() => chat.send({ type: 'chat.retryList' })}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <MessageCircle aria-hidden="true" size={32} className="text-neutral-400" />
          <p className="font-semibold">No conversations yet</p>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            Start one from a member&apos;s profile or the People page, or choose Message in the menu of their post.
          </p>
        </div>
      ) : (
        <ul className="flex flex-col overflow-y-auto">
          {list.map((item) => {
            const other = otherOf(me, item);
            const avatar = item.senderId === me.id
              ? { avatarColor: item.receiverAvatarColor, profilePicture: item.receiverProfilePicture }
              : { avatarColor: item.senderAvatarColor, profilePicture: item.senderProfilePicture };
            const current = other.id === selectedId;
            return (
              <li key={item.conversationId}>
                <Link
                  href={chatHref(other)}
                  aria-current={current ? 'page' : undefined}
                  className={
                    'flex items-center gap-3 px-4 py-3 outline-none hover:bg-neutral-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent dark:hover:bg-neutral-800 ' +
                    (current ? 'bg-neutral-100 dark:bg-neutral-800' : '')
                  }
                >
                  <Avatar username={other.username} {...avatar} />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className={`truncate ${item.unreadCount ? 'font-bold' : 'font-semibold'}`}>{other.username}</span>
                      <span className="shrink-0 text-xs text-neutral-600 dark:text-neutral-400">{shortTime(item.createdAt)}</span>
                    </span>
                    <span className="flex items-center justify-between gap-2">
                      <span className={`truncate text-sm ${item.unreadCount ? 'font-semibold text-neutral-900 dark:text-white' : 'text-neutral-600 dark:text-neutral-400'}`}>
                        {preview(item, me)}
                      </span>
                      {item.unreadCount ? (
                        <span className="shrink-0 rounded-full bg-accent-strong px-2 py-0.5 text-xs font-bold text-white">
                          {item.unreadCount}
                          <span className="sr-only"> unread</span>
                        </span>
                      ) : null}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
