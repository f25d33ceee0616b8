/**
 * The kept store: what a member saw, kept on this device to be read offline
 * (docs/client-offline.md, "Reading offline"). One IndexedDB database per member; the outbox's
 * `stoa-outbox-<userId>` databases are not its business.
 */

export const KEPT_DB_PREFIX = 'stoa-kept-';
export const keptDbName = (userId: string) => `${KEPT_DB_PREFIX}${userId}`;
export const KEPT_DB_VERSION = 1;

/** The object stores: the member's own profile (one record), and the kept copies of what they read. */
export const KEPT_STORES = { profile: 'profile', copies: 'copies' } as const;
/** The one key of the profile store. */
export const KEPT_PROFILE_KEY = 'self';
/** The copies' index by kind and save time, which the bound walks oldest first. */
export const KEPT_BY_KIND = 'byKind';

/** What is kept, one copy per key. */
export type KeptKind = 'stream' | 'post' | 'comments' | 'chats' | 'thread' | 'notifications' | 'unread' | 'member' | 'timeline';

/** How many copies of each kind are kept; saving one more drops the oldest saved. */
export const KEPT_LIMITS: Record<KeptKind, number> = {
  /** The first page of "For you" and of "Latest" (PAGE_SIZE posts each). */
  stream: 2,
  /** The posts the member opened… */
  post: 30,
  /** …and the first page of each one's comments. */
  comments: 30,
  /** The member's chat list (private conversations and group chats, each with its newest message). */
  chats: 1,
  /** The conversations the member opened (private and group), each its last KEPT_THREAD_MESSAGES messages. */
  thread: 30,
  /** The first page of the member's notifications… */
  notifications: 1,
  /** …and their unread count (the nav badge). */
  unread: 1,
  /** The profile pages the member opened (their own included): the member as the page shows them… */
  member: 10,
  /** …and the first page of each one's posts (the Timeline tab). */
  timeline: 10,
};

/** How many messages of each kept conversation are kept: the newest, as loaded and as they arrive live. */
export const KEPT_THREAD_MESSAGES = 50;

/** The id of a kept conversation: a private one by the other member, a group chat by the group. */
export const keptThreadId = (peerId: string, isGroup: boolean) => `${isGroup ? 'group' : 'private'}:${peerId}`;

/** A copy older than this is not shown (and is dropped when read). */
export const KEPT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** One kept copy, as the copies store holds it. */
export interface KeptRecord<T = unknown> {
  key: string;
  kind: KeptKind;
  /** When it was saved (ms since the epoch): the notice says "showing what you saw at …". */
  savedAt: number;
  value: T;
}

/** The profile record: which token the server confirmed it for (a SHA-256 digest, not the token). */
export interface KeptProfileRecord<U = unknown> {
  tokenDigest: string;
  user: U;
  savedAt: number;
}

export const keptKey = (kind: KeptKind, id: string) => `${kind}:${id}`;
