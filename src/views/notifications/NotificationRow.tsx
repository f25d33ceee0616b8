import { useSelector } from '@xstate/react';
import {
  AtSign,
  CircleCheck,
  Heart,
  MessageCircle,
  MessagesSquare,
  MessageSquareReply,
  ShieldCheck,
  Trash2,
  UserPlus,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import type { Notification } from '../../api/notifications';
import { selectBusy, type InboxActorRef } from '../../machines/notifications/inbox.machine';
import { Avatar } from '../ui/Avatar';
import { IconButton } from '../ui/IconButton';
import { timeAgo } from '../streams/post/format';
import { KIND_LOOK, notificationHref, textParts } from './targets';

const ICONS: Record<(typeof KIND_LOOK)[keyof typeof KIND_LOOK]['icon'], LucideIcon> = {
  follow: UserPlus,
  reaction: Heart,
  comment: MessageCircle,
  answer: MessageSquareReply,
  accepted: CircleCheck,
  mention: AtSign,
  group: UsersRound,
  chat: MessagesSquare,
  moderation: ShieldCheck,
};

// The link (or button) covers the whole row; the delete button sits above it. Its focus ring is
// the row's (data-focus-ring="stretched" in styles.css).
const stretched = 'rounded-lg text-left outline-none after:absolute after:inset-0 after:rounded-2xl after:content-[""]';

/**
 * One inbox entry: the kind's icon, the newest actors' avatars, what happened (names in bold), the
 * post's first words or the group's name, and when. Unread ones are tinted and marked (also for
 * screen readers). The whole row opens the target and marks it read; Delete removes it.
 */
export function NotificationRow({ actor, notification }: { actor: InboxActorRef; notification: Notification }) {
  const busy = useSelector(actor, (s) => selectBusy(s, notification._id));
  const href = notificationHref(notification);
  const look = KIND_LOOK[notification.kind];
  const Icon = ICONS[look.icon];
  const { names, rest } = textParts(notification);
  const open = () => actor.send({ type: 'inbox.open', id: notification._id });
  const excerpt = notification.target.type === 'post' || notification.target.type === 'question' ? notification.target.label : '';
  const text = (
    <>
      {notification.read ? null : <span className="sr-only">Unread:</span>}
      {notification.read ? null : ' '}
      {names ? <strong className="font-semibold text-neutral-900 dark:text-white">{names}</strong> : null}
      {rest}
    </>
  );
  return (
    <article
      data-notification-id={notification._id}
      data-unread={notification.read ? undefined : 'true'}
      aria-busy={busy !== null || undefined}
      className={
        'relative flex gap-3 rounded-2xl border p-4 transition-colors ' +
        (notification.read
          ? 'border-neutral-200 bg-white hover:bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900 dark:hover:bg-neutral-800/60'
          : 'border-accent/30 bg-accent-soft/60 hover:bg-accent-soft dark:border-accent/30 dark:bg-accent/10 dark:hover:bg-accent/15')
      }
    >
      <span aria-hidden="true" className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-white ${look.tone}`}>
        <Icon size={16} strokeWidth={2.4} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        {notification.actors.length > 0 ? (
          <div className="flex -space-x-2">
            {notification.actors.map((person) => (
              <Avatar
                key={person._id}
                size="sm"
                username={person.username}
                avatarColor={person.avatarColor}
                avatarImage={person.avatarImage}
                profilePicture={person.profilePicture}
                className="ring-2 ring-white dark:ring-neutral-900"
              />
            ))}
          </div>
        ) : null}
        <p className="text-[15px] leading-snug text-neutral-800 dark:text-neutral-200">
          {href ? (
            <Link href={`~${href}`} onClick={open} className={stretched} data-focus-ring="stretched">
              {text}
            </Link>
          ) : (
            <button type="button" onClick={open} className={`${stretched} cursor-pointer`} data-focus-ring="stretched">
              {text}
            </button>
          )}
        </p>
        {excerpt ? <Excerpt text={excerpt} /> : null}
        <p className="flex items-center gap-2 text-xs text-neutral-600 dark:text-neutral-400">
          <time dateTime={notification.updatedAt}>{timeAgo(notification.updatedAt)}</time>
          {notification.read ? null : <span aria-hidden="true" className="size-2 rounded-full bg-accent-strong" />}
        </p>
      </div>
      <IconButton
        label="Delete notification"
        className="relative z-10 -mt-1 -mr-1 size-9"
        isDisabled={busy !== null}
        onPress={() => actor.send({ type: 'inbox.delete', id: notification._id })}
      >
        <Trash2 size={18} />
      </IconButton>
    </article>
  );
}

/**
 * The post's first words in two lines, clamped by the row's width: the browser's ellipsis cuts the
 * last line's text wherever it runs out of room, mid-word ("the boat…"), so each word is its own
 * unbreakable box and the clamp can only drop whole words ("the boats …"). A word wider than the
 * row (a long link) still wraps inside its box.
 */
function Excerpt({ text }: { text: string }) {
  const words = text.split(' ');
  return (
    <p data-testid="notification-excerpt" className="line-clamp-2 text-sm text-neutral-600 dark:text-neutral-400">
      {words.map((word, i) => (
        <span key={i}>
          <span className="inline-block max-w-full [overflow-wrap:anywhere]">{word}</span>
          {i < words.length - 1 ? ' ' : null}
        </span>
      ))}
    </p>
  );
}
