import { selectUnreadCount, type UnreadBadgeSnapshot } from './unreadBadge.machine';

/** The inbox's unread count as the navigation shows it, read from the unread badge's snapshot. */

export { selectUnreadCount };

/**
 * The unread count; 0 while the badge does not run. The same selector reads both badges: the
 * app child 'unreadBadge' (Notifications) and 'chatBadge' (Chat: conversations with something unread).
 */
export const shownUnreadCount = (s: UnreadBadgeSnapshot | undefined) => (s ? selectUnreadCount(s) : 0);
