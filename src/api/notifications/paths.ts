import { path } from '../path';

/** The notifications inbox: this area's part of the one path table (src/api/paths.ts). */
export const notificationsPaths = {
  /** Ours: the notifications inbox (src/api/notifications.ts); the spec names no path. */
  notifications: {
    page: path('/notifications').query<{ cursor?: string }>(),
    unreadCount: '/notifications/unread-count',
    read: path('/notifications/read/:notificationId'),
    readAll: '/notifications/read-all',
    one: path('/notifications/:notificationId'),
  },
} as const;
