import type { Notification, NotificationKind } from '../../api/notifications';
import { actorsPhrase, notificationText } from '../../api/notifications/notificationWords';

const MEMBER_BASE = '/app/social';

/**
 * Where an entry opens (an absolute path), or null for the ones that are the whole news
 * (moderation outcomes). A group chat invitation opens the chat, where invitations are answered.
 */
export function notificationHref(notification: Pick<Notification, 'target'>): string | null {
  const { type, id, label } = notification.target;
  switch (type) {
    case 'post':
      return `${MEMBER_BASE}/post/${encodeURIComponent(id)}`;
    case 'question':
      return `${MEMBER_BASE}/question/${encodeURIComponent(id)}`;
    case 'profile':
      return `${MEMBER_BASE}/profile/${encodeURIComponent(label)}?${new URLSearchParams({ id })}`;
    case 'group':
      return `${MEMBER_BASE}/group/${encodeURIComponent(id)}`;
    case 'groupChat':
      return `${MEMBER_BASE}/chat/messages`;
    default:
      return null;
  }
}

/** The entry's sentence split so the view can set the names apart: `names` + `rest` === the text. */
export function textParts(notification: Notification): { names: string; rest: string } {
  const text = notificationText(notification);
  const names = notification.actors.length > 0 ? actorsPhrase(notification) : '';
  return names && text.startsWith(names) ? { names, rest: text.slice(names.length) } : { names: '', rest: text };
}

/** The small picture of each kind (a lucide icon name the row maps) and its tone. */
export const KIND_LOOK: Record<
  NotificationKind,
  { icon: 'follow' | 'reaction' | 'comment' | 'answer' | 'accepted' | 'mention' | 'group' | 'chat' | 'moderation'; tone: string }
> = {
  follow: { icon: 'follow', tone: 'bg-sky-600' },
  reaction: { icon: 'reaction', tone: 'bg-accent-strong' },
  comment: { icon: 'comment', tone: 'bg-emerald-700' },
  answer: { icon: 'answer', tone: 'bg-emerald-700' },
  answerAccepted: { icon: 'accepted', tone: 'bg-emerald-700' },
  mention: { icon: 'mention', tone: 'bg-sky-600' },
  groupInvite: { icon: 'group', tone: 'bg-violet-600' },
  groupChatInvite: { icon: 'chat', tone: 'bg-violet-600' },
  joinRequest: { icon: 'group', tone: 'bg-violet-600' },
  joinApproved: { icon: 'group', tone: 'bg-violet-600' },
  joinDeclined: { icon: 'group', tone: 'bg-neutral-600' },
  groupPostApproved: { icon: 'accepted', tone: 'bg-violet-600' },
  groupPostDeclined: { icon: 'group', tone: 'bg-neutral-600' },
  reportResolved: { icon: 'moderation', tone: 'bg-amber-700' },
  reportDismissed: { icon: 'moderation', tone: 'bg-neutral-600' },
  appealApproved: { icon: 'moderation', tone: 'bg-amber-700' },
  appealRejected: { icon: 'moderation', tone: 'bg-neutral-600' },
  banned: { icon: 'moderation', tone: 'bg-neutral-600' },
  unbanned: { icon: 'moderation', tone: 'bg-amber-700' },
  dataExportReady: { icon: 'accepted', tone: 'bg-emerald-700' },
};
