import type { InboxSnapshot } from './inbox.machine';

/** The entries shown, newest first. */
export const inboxItems = (s: InboxSnapshot) => s.context.items;

export const unreadCount = (s: InboxSnapshot) => s.context.unreadCount;

export const inboxError = (s: InboxSnapshot) => s.context.error;

/** Another page waits behind the last entry ("Load more"). */
export const hasMoreNotifications = (s: InboxSnapshot) => s.context.nextCursor !== null;

/** When the kept entries shown were saved (ms), or null when they are the server's. */
export const inboxKeptAt = (s: InboxSnapshot) => s.context.keptAt;
