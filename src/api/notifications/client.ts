import type { $Fetch } from 'ofetch';
import type { NotificationDeleted, NotificationRead, NotificationsPage, NotificationsReadAll, UnreadCount } from './schemas';
import { notificationsPaths as paths } from './paths';

/** The notifications part of the typed client: the inbox, its unread count, reading and deleting entries. */
export function createNotificationsApi(http: $Fetch) {
  return {
    notifications: {
      /** A page of the inbox, newest activity first; `cursor`: the `nextCursor` of the page before. */
      page: (cursor?: string) => http<NotificationsPage>(paths.notifications.page({ cursor })),
      unreadCount: () => http<UnreadCount>(paths.notifications.unreadCount),
      read: (notificationId: string) => http<NotificationRead>(paths.notifications.read(notificationId), { method: 'PUT' }),
      readAll: () => http<NotificationsReadAll>(paths.notifications.readAll, { method: 'PUT' }),
      remove: (notificationId: string) => http<NotificationDeleted>(paths.notifications.one(notificationId), { method: 'DELETE' }),
    },
  };
}

export type NotificationsApi = ReturnType<typeof createNotificationsApi>;
