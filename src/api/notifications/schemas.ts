import { z } from 'zod';
import { userSummarySchema } from '../users/follows';
import { cursorSchema, nextCursorSchema } from '../pages';
import type { NotificationType } from '../users/schemas';

/**
 * The notifications inbox (spec sections 2 and 4): entries stored on the server, one
 * per (recipient, kind, target), or per day for follows, holding the members who did it (newest
 * first). docs/api.md ("Notifications") explains the paths and the socket events.
 */

// Kinds and targets

export const NOTIFICATION_KINDS = [
  /** Someone followed the member (grouped per UTC day). */
  'follow',
  /** Someone reacted to the member's post or question (a first reaction, not a change of mind). */
  'reaction',
  'comment',
  /** Someone answered the member's question. */
  'answer',
  /** The asker accepted the member's answer. */
  'answerAccepted',
  /** Someone @mentioned the member in a post, comment or answer they may see. */
  'mention',
  /** A group admin invited the member to a group (the /group/... family). */
  'groupInvite',
  /** A group chat admin invited the member to a group chat. */
  'groupChatInvite',
  /** Someone asked to join a private group the member administers. */
  'joinRequest',
  'joinApproved',
  'joinDeclined',
  /** A group admin approved or declined the member's pending group post. */
  'groupPostApproved',
  'groupPostDeclined',
  /** Moderation (raised by the moderation module): a report the member made was reviewed. */
  'reportResolved',
  'reportDismissed',
  /** Moderation: the member's appeal against a ban was decided. */
  'appealApproved',
  'appealRejected',
  /** Moderation: the member was banned (detail: the reason), or an admin lifted the ban by hand. */
  'banned',
  'unbanned',
  /** The member's data export (Settings > Your data) is ready to download (target: account). */
  'dataExportReady',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a click opens. `report`, `appeal` and `account` (a ban) open nothing: the entry is the whole news. */
export const NOTIFICATION_TARGETS = ['post', 'question', 'profile', 'group', 'groupChat', 'appeal', 'report', 'account'] as const;
export type NotificationTarget = (typeof NOTIFICATION_TARGETS)[number];

/**
 * The member's setting (spec section 3) that decides, when an entry would be made, whether it is
 * made at all (and toasted). Kinds without one (invitations, group decisions, moderation) always
 * are: they answer something the member did or concern their membership.
 */
export const NOTIFICATION_SETTING_OF: Partial<Record<NotificationKind, NotificationType>> = {
  follow: 'follows',
  reaction: 'reactions',
  comment: 'comments',
  answer: 'comments',
};

/** Entries come this many a page, newest activity first. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The newest actors an entry carries (with their avatars); `actorCount` says how many there are. */
export const NOTIFICATION_ACTORS_SHOWN = 3;
/** Kept per member: the newest this many, and none older than NOTIFICATIONS_KEEP_DAYS (docs/server.md). */
export const NOTIFICATIONS_KEEP_MAX = 1000;
export const NOTIFICATIONS_KEEP_DAYS = 90;

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

// Entities

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /**
   * `id` and `label` of what the entry is about: a post or question (label: the start of its
   * text), a group or group chat (its name), a profile (a follow: the newest follower's id and
   * username), an appeal or a report (label '').
   */
  target: z.object({ type: z.enum(NOTIFICATION_TARGETS), id: z.string(), label: z.string() }),
  /** The newest NOTIFICATION_ACTORS_SHOWN members who did it, newest first; empty for moderation entries. */
  actors: z.array(userSummarySchema),
  actorCount: z.number().int(),
  read: z.boolean(),
  /** Moderation entries: what the report was about ('post' or 'profile'); '' otherwise. */
  detail: z.string(),
  createdAt: z.string(),
  /** The newest activity: the order of the inbox and of its cursor. */
  updatedAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

// Paths' bodies and answers

/** GET /notifications?cursor=: `cursor` is the `nextCursor` of the page before (`<updatedAt>_<_id>`). */
export const notificationsQuerySchema = z.object({ cursor: cursorSchema.optional() });
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationsPageSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: nextCursorSchema,
  unreadCount: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** PUT /notifications/read/{id}. */
export const notificationReadSchema = z.object({ message: z.string(), notification: notificationSchema, unreadCount: z.number().int() });
export type NotificationRead = z.infer<typeof notificationReadSchema>;

/** PUT /notifications/read-all. */
export const notificationsReadAllSchema = z.object({ message: z.string(), unreadCount: z.number().int() });
export type NotificationsReadAll = z.infer<typeof notificationsReadAllSchema>;

/** DELETE /notifications/{id}. */
export const notificationDeletedSchema = z.object({ message: z.string(), notificationId: z.string(), unreadCount: z.number().int() });
export type NotificationDeleted = z.infer<typeof notificationDeletedSchema>;

// Sockets

/**
 * `notifications changed`, to the member's own sockets (every tab) whenever their inbox changes
 * other than by a new arrival: an entry read (`read`), all read (`allRead`), entries deleted or
 * withdrawn (`removed`), an entry that lost an actor (`updated`). Always the new unread count.
 */
export interface NotificationsChangedPayload {
  unreadCount: number;
  read?: string[];
  allRead?: boolean;
  removed?: string[];
  updated?: Notification;
}

// What entries say: ./notificationWords (without zod: the app shell's toasts import from there).
export { actorsPhrase, arrivalText, notificationText } from './notificationWords';
