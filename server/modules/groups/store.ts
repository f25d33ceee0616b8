import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import type { Database, GroupMembersTable, GroupsTable } from '../../db/schema';
import { GROUP_MEMBERS_PAGE_SIZE, GROUPS_PAGE_SIZE } from '../../../src/api/groups';
import type { Cursor } from '../../../src/api/pages';
import { finishPage, orderPage, type PageRequest } from '../../core/paging';
import { canKnowGroup, canSeeGroupContent, notBlockedBetween, type Viewer } from '../../core/visibility';
import { indexGroup, inTransaction, reindexGroup } from '../../core/searchIndex';

export type MemberRow = GroupMembersTable & { username: string; avatar_color: string; profile_picture: string; avatar_image: string };

export interface GroupListNarrow {
  search?: string;
  memberId?: string;
  invitedId?: string;
  notJoinedBy?: string;
}

/**
 * SQL for groups. Every group is known to every member (`canKnowGroup`); content (posts, the
 * member list) follows canSeeGroupContent of core/visibility.ts, the rule group posts use too.
 */
export function createGroupStore(database: DatabaseHandle) {
  const { db } = database;

  const membersQuery = (on: Kysely<Database> = db) =>
    on
      .selectFrom('group_members')
      .innerJoin('users', 'users.id', 'group_members.user_id')
      .selectAll('group_members')
      .select(['users.username', 'users.avatar_color', 'users.profile_picture', 'users.avatar_image']);

  return {
    db,

    /** The group if the viewer may know of it. */
    findKnown: (viewer: Viewer, groupId: string) =>
      db.selectFrom('groups').selectAll().where('id', '=', groupId).where(canKnowGroup(viewer)).executeTakeFirst(),

    find: (groupId: string, on: Kysely<Database> = db) => on.selectFrom('groups').selectAll().where('id', '=', groupId).executeTakeFirst(),

    async seesContent(viewer: Viewer, groupId: string): Promise<boolean> {
      const row = await db
        .selectFrom('groups')
        .select('id')
        .where('id', '=', groupId)
        .where(canSeeGroupContent(viewer, groupId))
        .executeTakeFirst();
      return Boolean(row);
    },

    /**
     * Groups the viewer may know of, newest first, narrowed by `narrow`: a member's own groups and
     * invitations whole, the others (discover, search) a page at a time from `cursor`.
     */
    list: async (viewer: Viewer, narrow: GroupListNarrow = {}, cursor?: Cursor) => {
      let query = db.selectFrom('groups').selectAll().where(canKnowGroup(viewer));
      if (narrow.search) {
        const like = `%${narrow.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(
          sql<SqlBool>`(lower(groups.name) like ${like} escape '\\' or lower(groups.description) like ${like} escape '\\' or lower(groups.tags) like ${like} escape '\\')`,
        );
      }
      if (narrow.memberId) {
        query = query.where(
          sql<SqlBool>`exists (select 1 from group_members m where m.group_id = groups.id and m.user_id = ${narrow.memberId} and m.status = 'accepted')`,
        );
      }
      if (narrow.invitedId) {
        query = query.where(
          sql<SqlBool>`exists (select 1 from group_members m where m.group_id = groups.id and m.user_id = ${narrow.invitedId} and m.status = 'pending' and m.joined_by = 'invited')`,
        );
      }
      if (narrow.notJoinedBy) {
        // Public and private alike; a group the member asked to join stays (its card says "Request sent"),
        // one they belong to or are invited to lives in their other lists.
        query = query.where(
          sql<SqlBool>`not exists (select 1 from group_members m where m.group_id = groups.id and m.user_id = ${narrow.notJoinedBy} and (m.status = 'accepted' or m.joined_by = 'invited'))`,
        );
      }
      const keys = { createdAt: 'groups.created_at', id: 'groups.id' };
      if (narrow.memberId || narrow.invitedId)
        return { items: await query.orderBy('groups.created_at', 'desc').orderBy('groups.id', 'desc').execute(), nextCursor: null };
      const request: PageRequest = { page: 1, size: GROUPS_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
      return finishPage(await orderPage(query, keys, request).execute(), request, (row) => `${row.created_at}_${row.id}`);
    },

    /**
     * Memberships of these groups (with the member's name and picture), without members in a block
     * with the viewer. `adminsAndViewer`: only the accepted group admins and the viewer's own rows
     * (what a list of groups shows: a group of thousands costs a list no more than a group of three).
     */
    members: (viewer: Viewer, groupIds: string[], options: { adminsAndViewer?: boolean } = {}) => {
      if (groupIds.length === 0) return Promise.resolve([] as MemberRow[]);
      let query = membersQuery().where('group_members.group_id', 'in', groupIds).where(notBlockedBetween(viewer, 'group_members.user_id'));
      if (options.adminsAndViewer) {
        query = query.where((eb) =>
          eb.or([
            eb.and([eb('group_members.role', '=', 'admin'), eb('group_members.status', '=', 'accepted')]),
            eb('group_members.user_id', '=', viewer.id),
          ]),
        );
      }
      return query.orderBy('group_members.joined_at').execute();
    },

    /**
     * One page of a group's member list, in the order members joined (keyset joined_at, user_id):
     * accepted members, and pending ones too when `withPending` (group admins, site admins);
     * members in a block with the viewer left out.
     */
    memberPage: async (viewer: Viewer, groupId: string, withPending: boolean, cursor?: Cursor) => {
      let query = membersQuery().where('group_members.group_id', '=', groupId).where(notBlockedBetween(viewer, 'group_members.user_id'));
      if (!withPending) query = query.where('group_members.status', '=', 'accepted');
      if (cursor) {
        query = query.where((eb) =>
          eb.or([
            eb('group_members.joined_at', '>', cursor.createdAt),
            eb.and([eb('group_members.joined_at', '=', cursor.createdAt), eb('group_members.user_id', '>', cursor.id)]),
          ]),
        );
      }
      const rows = await query
        .orderBy('group_members.joined_at')
        .orderBy('group_members.user_id')
        .limit(GROUP_MEMBERS_PAGE_SIZE + 1)
        .execute();
      return finishPage(rows, { page: 1, size: GROUP_MEMBERS_PAGE_SIZE }, (row) => `${row.joined_at}_${row.user_id}`);
    },

    counts: async (groupIds: string[]) => {
      if (groupIds.length === 0) return new Map<string, number>();
      const rows = await db
        .selectFrom('group_members')
        .select(['group_id', (eb) => eb.fn.countAll().as('count')])
        .where('group_id', 'in', groupIds)
        .where('status', '=', 'accepted')
        .groupBy('group_id')
        .execute();
      return new Map(rows.map((row) => [row.group_id, Number(row.count)]));
    },

    membership: (groupId: string, userId: string, on: Kysely<Database> = db) =>
      membersQuery(on).where('group_members.group_id', '=', groupId).where('group_members.user_id', '=', userId).executeTakeFirst(),

    pendingRequests: (viewer: Viewer, groupId: string) =>
      membersQuery()
        .where('group_members.group_id', '=', groupId)
        .where('group_members.status', '=', 'pending')
        .where('group_members.joined_by', '=', 'request')
        .where(notBlockedBetween(viewer, 'group_members.user_id'))
        .orderBy('group_members.joined_at')
        .execute(),

    acceptedIds: async (groupId: string, on: Kysely<Database> = db) =>
      (
        await on.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).where('status', '=', 'accepted').execute()
      ).map((r) => r.user_id),

    admins: async (groupId: string, on: Kysely<Database> = db) =>
      (
        await on
          .selectFrom('group_members')
          .select('user_id')
          .where('group_id', '=', groupId)
          .where('status', '=', 'accepted')
          .where('role', '=', 'admin')
          .execute()
      ).map((r) => r.user_id),

    /** The group and its search entry (in `on`'s transaction, or one of their own). */
    insertGroup: (row: GroupsTable, on: Kysely<Database> = db) =>
      inTransaction(on, async (trx) => {
        await trx.insertInto('groups').values(row).execute();
        await indexGroup(trx, row);
      }),
    insertMembers: (rows: GroupMembersTable[], on: Kysely<Database> = db) =>
      rows.length === 0
        ? Promise.resolve()
        : on
            .insertInto('group_members')
            .values(rows)
            .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
            .execute()
            .then(() => undefined),
    /** A new name, description or tags re-index the group in the same transaction. */
    updateGroup: (groupId: string, changes: Partial<GroupsTable>, on: Kysely<Database> = db) =>
      inTransaction(on, async (trx) => {
        await trx.updateTable('groups').set(changes).where('id', '=', groupId).execute();
        if (changes.name !== undefined || changes.description !== undefined || changes.tags !== undefined) await reindexGroup(trx, groupId);
      }),
    /** Sets the image of a group that has none; false when it had one by then. */
    setImageIfNone: async (groupId: string, url: string) =>
      Number(
        (
          await db
            .updateTable('groups')
            .set({ profile_image: url })
            .where('id', '=', groupId)
            .where('profile_image', '=', '')
            .executeTakeFirst()
        ).numUpdatedRows,
      ) > 0,
    updateMember: (groupId: string, userId: string, changes: Partial<GroupMembersTable>, on: Kysely<Database> = db) =>
      on.updateTable('group_members').set(changes).where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst(),
    deleteMember: (groupId: string, userId: string, on: Kysely<Database> = db) =>
      on.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst(),

    /** The group, its memberships and its posts (their reactions, comments and saved entries cascade). */
    async deleteGroup(groupId: string) {
      return db.transaction().execute(async (trx) => {
        const media = await trx
          .selectFrom('posts')
          .select(['image_version', 'image_id', 'video_version', 'video_id', 'video_poster_version', 'video_poster_id'])
          .where('group_id', '=', groupId)
          .execute();
        await trx.deleteFrom('posts').where('group_id', '=', groupId).execute();
        await trx.deleteFrom('groups').where('id', '=', groupId).execute();
        return media;
      });
    },

    /** Existing members (ids) without a block with the viewer; unknown or blocked ids are left out. */
    existingUsers: async (viewer: Viewer, ids: string[]) =>
      ids.length === 0
        ? []
        : (await db.selectFrom('users').select('id').where('id', 'in', ids).where(notBlockedBetween(viewer, 'users.id')).execute()).map(
            (r) => r.id,
          ),
  };
}

export type GroupStore = ReturnType<typeof createGroupStore>;
