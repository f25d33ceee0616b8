import { USERS_PAGE_SIZE } from '../../../src/api/users/follows';
import type { Cursor } from '../../../src/api/pages';
import type { DatabaseHandle } from '../../db/database';
import { finishPage, orderPage, type PageRequest } from '../../core/paging';
import { noBlockBetween, notBlockedBetween, type Viewer } from '../../core/visibility';

const SUMMARY = ['users.id', 'users.username', 'users.avatar_color', 'users.avatar_image', 'users.profile_picture'] as const;

/** SQL for follows and blocks. A block and the follows it removes change in one transaction. */
export function createFollowStore(database: DatabaseHandle) {
  const { db } = database;

  /** One page of a followers (mine = followee_id) or following (mine = follower_id) list, by the keyset (created_at, the other's id). */
  async function relationPage(
    viewer: Viewer,
    mine: 'followee_id' | 'follower_id',
    theirs: 'follower_id' | 'followee_id',
    userId: string,
    cursor?: Cursor,
  ) {
    const query = db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', `follows.${theirs}`)
      .select(SUMMARY)
      .select('follows.created_at as followed_at')
      .where(`follows.${mine}`, '=', userId)
      .where(notBlockedBetween(viewer, 'users.id'));
    const request: PageRequest = { page: 1, size: USERS_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
    const rows = await orderPage(query, { createdAt: 'follows.created_at', id: `follows.${theirs}` }, request).execute();
    return finishPage(rows, request, (row) => `${row.followed_at}_${row.id}`);
  }
  return {
    /** The member, unless they do not exist or a block stands between them and the viewer (admins see all). */
    visibleMember: (viewer: Viewer, userId: string) =>
      db.selectFrom('users').selectAll().where('id', '=', userId).where(notBlockedBetween(viewer, 'users.id')).executeTakeFirst(),

    async blockBetween(a: string, b: string): Promise<{ aBlocksB: boolean; bBlocksA: boolean }> {
      const rows = await db
        .selectFrom('blocks')
        .select(['blocker_id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
            eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
          ]),
        )
        .execute();
      return { aBlocksB: rows.some((row) => row.blocker_id === a), bBlocksA: rows.some((row) => row.blocker_id === b) };
    },

    /** Adds the follow unless a block stands between them (checked in the same statement). */
    async follow(followerId: string, followeeId: string, now: string): Promise<void> {
      await db
        .insertInto('follows')
        .columns(['follower_id', 'followee_id', 'created_at'])
        .expression(
          db
            .selectNoFrom((eb) => [
              eb.val(followerId).as('follower_id'),
              eb.val(followeeId).as('followee_id'),
              eb.val(now).as('created_at'),
            ])
            .where(noBlockBetween({ id: followerId, isAdmin: false }, { id: followeeId })),
        )
        .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
        .execute();
    },

    unfollow: (followerId: string, followeeId: string) =>
      db.deleteFrom('follows').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).execute(),

    isFollowing: async (followerId: string, followeeId: string) =>
      (await db
        .selectFrom('follows')
        .select('follower_id')
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId)
        .executeTakeFirst()) !== undefined,

    /** A block ends the follows both ways, at once. */
    block: (blockerId: string, blockedId: string, now: string) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('blocks')
          .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
          .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
          .execute();
        await trx
          .deleteFrom('follows')
          .where((eb) =>
            eb.or([
              eb.and([eb('follower_id', '=', blockerId), eb('followee_id', '=', blockedId)]),
              eb.and([eb('follower_id', '=', blockedId), eb('followee_id', '=', blockerId)]),
            ]),
          )
          .execute();
      }),

    unblock: (blockerId: string, blockedId: string) =>
      db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute(),

    /** Who follows the member, as the viewer may see them (nobody in a block with the viewer), newest first, a page at a time. */
    followers: (viewer: Viewer, userId: string, cursor?: Cursor) => relationPage(viewer, 'followee_id', 'follower_id', userId, cursor),

    /** Whom the member follows, likewise. */
    following: (viewer: Viewer, userId: string, cursor?: Cursor) => relationPage(viewer, 'follower_id', 'followee_id', userId, cursor),

    /** How many a followers or following list holds for this viewer (the first page says it). */
    relationCount: async (viewer: Viewer, side: 'followers' | 'following', userId: string) => {
      const [mine, theirs] = side === 'followers' ? (['followee_id', 'follower_id'] as const) : (['follower_id', 'followee_id'] as const);
      const row = await db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll().as('count'))
        .where(`follows.${mine}`, '=', userId)
        .where(notBlockedBetween(viewer, `follows.${theirs}`))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    blocked: (userId: string) =>
      db
        .selectFrom('blocks')
        .innerJoin('users', 'users.id', 'blocks.blocked_id')
        .select(SUMMARY)
        .where('blocks.blocker_id', '=', userId)
        .orderBy('blocks.created_at', 'desc')
        .execute(),
  };
}

export type FollowStore = ReturnType<typeof createFollowStore>;
