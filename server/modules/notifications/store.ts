import { sql, type Kysely } from 'kysely';
import {
  NOTIFICATION_ACTORS_SHOWN,
  NOTIFICATIONS_KEEP_MAX,
  type NotificationKind,
  type NotificationTarget,
} from '../../../src/api/notifications';
import type { Cursor } from '../../../src/api/pages';
import type { DatabaseHandle } from '../../db/database';
import { newId } from '../../db/ids';
import { isOneOf } from '../../db/idList';
import type { Database, NotificationsTable } from '../../db/schema';
import { orderPage, type PageRequest } from '../../core/paging';
import { canSeePost } from '../../core/visibility';

type Db = Kysely<Database>;

/** Well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;
const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let from = 0; from < items.length; from += CHUNK) out.push(items.slice(from, from + CHUNK));
  return out;
};

export interface RaiseRow {
  userId: string;
  kind: NotificationKind;
  targetType: NotificationTarget;
  targetId: string;
  groupKey: string;
  detail: string;
  actorId: string | null;
  now: string;
}

/** Which entries an undo takes an actor out of: always a member's (`userId`) or a target's. */
export type ActorFilter = { actorId: string; kind?: NotificationKind } & (
  { userId: string; targetId?: string } | { userId?: string; targetId: string }
);

export type EntryRow = NotificationsTable;

/**
 * SQL of the inbox. Every change of a member's entries runs in one transaction that first locks
 * that member's counter row, so the unread and total counts always match the rows, and two
 * arrivals for the same entry (same group key) cannot both insert it.
 */
export function createNotificationStore(database: DatabaseHandle) {
  const { db } = database;
  const postgres = database.dialect === 'postgres';

  async function lockCounter(trx: Db, userId: string): Promise<void> {
    await trx
      .insertInto('notification_counters')
      .values({ user_id: userId, unread: 0, total: 0 })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    // SQLite runs one write transaction at a time already; PostgreSQL is told to queue here.
    if (postgres) await trx.selectFrom('notification_counters').select('user_id').where('user_id', '=', userId).forUpdate().execute();
  }

  const bump = (trx: Db, userId: string, unread: number, total: number) =>
    unread === 0 && total === 0
      ? Promise.resolve()
      : trx
          .updateTable('notification_counters')
          .set({ unread: sql<number>`unread + ${unread}`, total: sql<number>`total + ${total}` })
          .where('user_id', '=', userId)
          .execute()
          .then(() => undefined);

  /** Deletes these entries of the member (others' ids are ignored); the counts follow. Call with the counter locked. */
  async function deleteEntries(trx: Db, userId: string, ids: readonly string[]): Promise<string[]> {
    const removed: string[] = [];
    let unread = 0;
    for (const part of chunks(ids)) {
      const rows = await trx
        .deleteFrom('notifications')
        .where('user_id', '=', userId)
        .where('id', 'in', part)
        .returning(['id', 'read_at'])
        .execute();
      for (const row of rows) {
        removed.push(row.id);
        if (row.read_at === null) unread += 1;
      }
    }
    await bump(trx, userId, -unread, -removed.length);
    return removed;
  }

  /** Beyond the newest NOTIFICATIONS_KEEP_MAX entries, the oldest go (one or two rows after an arrival). */
  async function cap(trx: Db, userId: string): Promise<void> {
    const counter = await trx.selectFrom('notification_counters').select('total').where('user_id', '=', userId).executeTakeFirst();
    const over = Number(counter?.total ?? 0) - NOTIFICATIONS_KEEP_MAX;
    if (over <= 0) return;
    const oldest = await trx
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'asc')
      .orderBy('id', 'asc')
      .limit(over)
      .execute();
    await deleteEntries(
      trx,
      userId,
      oldest.map((row) => row.id),
    );
  }

  return {
    /**
     * Makes the entry or adds the actor to it (an actor already in it moves to the front), moves it
     * to the top and marks it unread. Returns the entry's id.
     */
    raise: (row: RaiseRow): Promise<string> =>
      db.transaction().execute(async (trx) => {
        await lockCounter(trx, row.userId);
        const existing = await trx
          .selectFrom('notifications')
          .select(['id', 'read_at'])
          .where('user_id', '=', row.userId)
          .where('group_key', '=', row.groupKey)
          .executeTakeFirst();
        if (!existing) {
          const id = newId();
          await trx
            .insertInto('notifications')
            .values({
              id,
              user_id: row.userId,
              kind: row.kind,
              target_type: row.targetType,
              target_id: row.targetId,
              group_key: row.groupKey,
              detail: row.detail,
              actor_count: row.actorId ? 1 : 0,
              read_at: null,
              created_at: row.now,
              updated_at: row.now,
            })
            .execute();
          if (row.actorId)
            await trx
              .insertInto('notification_actors')
              .values({ notification_id: id, actor_id: row.actorId, created_at: row.now })
              .execute();
          await bump(trx, row.userId, 1, 1);
          await cap(trx, row.userId);
          return id;
        }
        let added = 0;
        if (row.actorId) {
          const moved = await trx
            .updateTable('notification_actors')
            .set({ created_at: row.now })
            .where('notification_id', '=', existing.id)
            .where('actor_id', '=', row.actorId)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) === 0) {
            await trx
              .insertInto('notification_actors')
              .values({ notification_id: existing.id, actor_id: row.actorId, created_at: row.now })
              .execute();
            added = 1;
          }
        }
        await trx
          .updateTable('notifications')
          // The newest detail stands (a second ban's reason).
          .set({ updated_at: row.now, read_at: null, detail: row.detail, actor_count: sql<number>`actor_count + ${added}` })
          .where('id', '=', existing.id)
          .execute();
        if (existing.read_at !== null) await bump(trx, row.userId, 1, 0);
        return existing.id;
      }),

    /**
     * Takes the actor out of the entries the filter names; an entry left with nobody is deleted.
     * Bounded: one actor's entries with one member (at most NOTIFICATIONS_KEEP_MAX).
     */
    async withdraw(filter: ActorFilter): Promise<Map<string, { removed: string[]; updated: string[] }>> {
      // Read from the member's entries or the target's (an index each), then the actor's row by its key.
      let query = db
        .selectFrom('notifications')
        .innerJoin('notification_actors', (join) =>
          join
            .onRef('notification_actors.notification_id', '=', 'notifications.id')
            .on('notification_actors.actor_id', '=', filter.actorId),
        )
        .select(['notifications.id', 'notifications.user_id']);
      if (filter.userId) query = query.where('notifications.user_id', '=', filter.userId);
      if (filter.kind) query = query.where('notifications.kind', '=', filter.kind);
      if (filter.targetId) query = query.where('notifications.target_id', '=', filter.targetId);
      const byUser = new Map<string, string[]>();
      for (const row of await query.execute()) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.id]);
      const changes = new Map<string, { removed: string[]; updated: string[] }>();
      for (const [userId, ids] of byUser) {
        const change = await db.transaction().execute(async (trx) => {
          await lockCounter(trx, userId);
          const empty: string[] = [];
          const updated: string[] = [];
          for (const id of ids) {
            const gone = await trx
              .deleteFrom('notification_actors')
              .where('notification_id', '=', id)
              .where('actor_id', '=', filter.actorId)
              .executeTakeFirst();
            if (Number(gone.numDeletedRows) === 0) continue;
            const entry = await trx
              .updateTable('notifications')
              .set({ actor_count: sql<number>`actor_count - 1` })
              .where('id', '=', id)
              .returning('actor_count')
              .executeTakeFirst();
            if (entry && Number(entry.actor_count) <= 0) empty.push(id);
            else if (entry) updated.push(id);
          }
          return { removed: await deleteEntries(trx, userId, empty), updated };
        });
        changes.set(userId, change);
      }
      return changes;
    },

    /** The entries about this post, question, group or group chat, by member. */
    async aboutTarget(targetId: string): Promise<Map<string, string[]>> {
      const rows = await db.selectFrom('notifications').select(['id', 'user_id']).where('target_id', '=', targetId).execute();
      const byUser = new Map<string, string[]>();
      for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.id]);
      return byUser;
    },

    /** Deletes these entries of the member; returns the ids that were there. */
    remove: (userId: string, ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([] as string[])
        : db.transaction().execute(async (trx) => {
            await lockCounter(trx, userId);
            return deleteEntries(trx, userId, ids);
          }),

    /** Marks the entry read; false when the member has no such entry. */
    markRead: (userId: string, id: string, now: string): Promise<boolean> =>
      db.transaction().execute(async (trx) => {
        await lockCounter(trx, userId);
        const entry = await trx
          .selectFrom('notifications')
          .select('read_at')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!entry) return false;
        if (entry.read_at !== null) return true;
        await trx.updateTable('notifications').set({ read_at: now }).where('id', '=', id).execute();
        await bump(trx, userId, -1, 0);
        return true;
      }),

    /** Every unread entry of the member (at most NOTIFICATIONS_KEEP_MAX rows) becomes read. */
    markAllRead: (userId: string, now: string) =>
      db.transaction().execute(async (trx) => {
        await lockCounter(trx, userId);
        await trx.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
        await trx.updateTable('notification_counters').set({ unread: 0 }).where('user_id', '=', userId).execute();
      }),

    async unreadCount(userId: string): Promise<number> {
      const row = await db.selectFrom('notification_counters').select('unread').where('user_id', '=', userId).executeTakeFirst();
      return Number(row?.unread ?? 0);
    },

    /** One page of the member's entries (one row more, to know whether there is another), newest activity first. */
    page: (userId: string, size: number, cursor?: Cursor) => {
      const request: PageRequest = { page: 1, size, ...(cursor ? { cursor } : {}) };
      return orderPage(
        db.selectFrom('notifications').selectAll().where('user_id', '=', userId),
        { createdAt: 'notifications.updated_at', id: 'notifications.id' },
        request,
      ).execute();
    },

    entries: (userId: string, ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([] as EntryRow[])
        : db
            .selectFrom('notifications')
            .selectAll()
            .where('user_id', '=', userId)
            .where('id', 'in', [...ids])
            .execute(),

    /** The newest few actors of each entry, newest first. */
    async actorsOf(ids: readonly string[]) {
      if (ids.length === 0) return [];
      const ranked = db
        .selectFrom('notification_actors')
        .innerJoin('users', 'users.id', 'notification_actors.actor_id')
        .select([
          'notification_actors.notification_id',
          'notification_actors.created_at',
          'users.id',
          'users.username',
          'users.avatar_color',
          'users.avatar_image',
          'users.profile_picture',
        ])
        .select(
          sql<number>`row_number() over (partition by notification_actors.notification_id order by notification_actors.created_at desc, notification_actors.actor_id desc)`.as(
            'rank',
          ),
        )
        .where('notification_actors.notification_id', 'in', [...ids]);
      return db.selectFrom(ranked.as('ranked')).selectAll().where('rank', '<=', NOTIFICATION_ACTORS_SHOWN).orderBy('rank').execute();
    },

    /** Of these posts, the ones the member may see now (THE rule: canSeePost), with their kind and text. */
    visiblePosts: (userId: string, postIds: readonly string[]) =>
      postIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('posts')
            .innerJoin('users', (join) => join.on('users.id', '=', userId))
            .select(['posts.id', 'posts.kind', 'posts.post'])
            .where('posts.id', 'in', [...postIds])
            .where(canSeePost({ idColumn: 'users.id', roleColumn: 'users.role' }))
            .execute(),

    /** Of these members, the ones who may see the post now. */
    async seeingPost(postId: string, userIds: readonly string[]): Promise<Map<string, 'post' | 'question'>> {
      const seeing = new Map<string, 'post' | 'question'>();
      if (userIds.length === 0) return seeing;
      // The ids as one bound list (db/idList.ts): one SQL text whatever their number.
      const rows = await db
        .selectFrom('users')
        .innerJoin('posts', (join) => join.on('posts.id', '=', postId))
        .select(['users.id', 'posts.kind'])
        .where(isOneOf(database.dialect, 'users.id', userIds))
        .where(canSeePost({ idColumn: 'users.id', roleColumn: 'users.role' }))
        .execute();
      for (const row of rows) seeing.set(row.id, row.kind);
      return seeing;
    },

    /** Of these members, the ones in a block with `actorId` (either way). */
    async inBlockWith(actorId: string, userIds: readonly string[]): Promise<Set<string>> {
      const blocked = new Set<string>();
      if (userIds.length === 0) return blocked;
      const rows = await db
        .selectFrom('blocks')
        .select(['blocker_id', 'blocked_id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('blocker_id', '=', actorId), isOneOf(database.dialect, 'blocked_id', userIds)]),
            eb.and([eb('blocked_id', '=', actorId), isOneOf(database.dialect, 'blocker_id', userIds)]),
          ]),
        )
        .execute();
      for (const row of rows) blocked.add(row.blocker_id === actorId ? row.blocked_id : row.blocker_id);
      return blocked;
    },

    groupNames: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('groups')
            .select(['id', 'name'])
            .where('id', 'in', [...ids])
            .execute(),
    groupChatNames: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('chat_groups')
            .select(['id', 'name'])
            .where('id', 'in', [...ids])
            .execute(),

    /** The oldest entries last active before `cutoff`, at most `limit`, by member. */
    async olderThan(cutoff: string, limit: number): Promise<Map<string, string[]>> {
      const rows = await db
        .selectFrom('notifications')
        .select(['id', 'user_id'])
        .where('updated_at', '<', cutoff)
        .orderBy('updated_at')
        .limit(limit)
        .execute();
      const byUser = new Map<string, string[]>();
      for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.id]);
      return byUser;
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;
