import { sql } from 'kysely';
import type { ReactionType } from '../../../src/api/constants';
import type { DatabaseHandle } from '../../db/database';
import { newId } from '../../db/ids';
import type { PostsForOthers } from '../posts/forOthers';
import { reactionColumn } from '../../db/schema';
import { canSeePost, notBlockedBetween, type Viewer } from '../../core/visibility';

/**
 * SQL for reactions. A reaction row and the post's counter change in one transaction, with the
 * post row locked first (PostgreSQL), so concurrent reactions on a post queue up and the counts
 * always equal the rows.
 */
export function createReactionStore(database: DatabaseHandle, posts: Pick<PostsForOthers, 'lockForUpdate' | 'findVisible'>) {
  const { db } = database;
  const bump = (type: ReactionType, by: 1 | -1) => ({ [reactionColumn(type)]: sql<number>`${sql.ref(reactionColumn(type))} + ${by}` });

  const listed = () =>
    db
      .selectFrom('reactions')
      .innerJoin('users', 'users.id', 'reactions.user_id')
      .innerJoin('posts', 'posts.id', 'reactions.post_id')
      .select([
        'reactions.id',
        'reactions.post_id',
        'reactions.type',
        'reactions.user_id',
        'reactions.created_at',
        'users.username',
        'users.avatar_color',
        'users.profile_picture',
        'users.avatar_image',
      ]);

  return {
    /**
     * Sets the member's reaction (adding or changing it): what happened and whose post it is, or
     * null when the post is not theirs to see.
     */
    set: (viewer: Viewer, postId: string, type: ReactionType, now: string) =>
      db.transaction().execute(async (trx): Promise<{ change: 'added' | 'changed' | 'unchanged'; authorId: string } | null> => {
        if (!(await posts.lockForUpdate(trx, postId))) return null;
        const post = await posts.findVisible(viewer, postId, trx);
        if (!post) return null;
        const existing = await trx
          .selectFrom('reactions')
          .select(['type'])
          .where('post_id', '=', postId)
          .where('user_id', '=', viewer.id)
          .executeTakeFirst();
        if (existing?.type === type) return { change: 'unchanged', authorId: post.user_id };
        if (existing) {
          await trx
            .updateTable('reactions')
            .set({ type, updated_at: now })
            .where('post_id', '=', postId)
            .where('user_id', '=', viewer.id)
            .execute();
          await trx
            .updateTable('posts')
            .set({ ...bump(existing.type, -1), ...bump(type, 1) })
            .where('id', '=', postId)
            .execute();
          return { change: 'changed', authorId: post.user_id };
        }
        await trx
          .insertInto('reactions')
          .values({ id: newId(), post_id: postId, user_id: viewer.id, type, created_at: now, updated_at: now })
          .execute();
        await trx.updateTable('posts').set(bump(type, 1)).where('id', '=', postId).execute();
        return { change: 'added', authorId: post.user_id };
      }),

    /** Removes the member's own reaction, if any; false when the post is not theirs to see. */
    remove: (viewer: Viewer, postId: string) =>
      db.transaction().execute(async (trx) => {
        if (!(await posts.lockForUpdate(trx, postId))) return false;
        if (!(await posts.findVisible(viewer, postId, trx))) return false;
        const removed = await trx
          .deleteFrom('reactions')
          .where('post_id', '=', postId)
          .where('user_id', '=', viewer.id)
          .returning('type')
          .executeTakeFirst();
        if (removed) await trx.updateTable('posts').set(bump(removed.type, -1)).where('id', '=', postId).execute();
        return true;
      }),

    own: async (userId: string, postId: string) =>
      (await db.selectFrom('reactions').select('type').where('post_id', '=', postId).where('user_id', '=', userId).executeTakeFirst())
        ?.type ?? null,

    /** Reactions on a post the viewer may see, leaving out members in a block with the viewer. */
    ofPost: (viewer: Viewer, postId: string) =>
      listed()
        .where('reactions.post_id', '=', postId)
        .where(canSeePost(viewer))
        .where(notBlockedBetween(viewer, 'reactions.user_id'))
        .orderBy('reactions.created_at', 'desc')
        .orderBy('reactions.id', 'desc')
        .execute(),

    /** A member's reactions on the posts the viewer may see (none if a block stands between them). */
    byUser: (viewer: Viewer, userId: string, postId?: string) => {
      let query = listed()
        .where('reactions.user_id', '=', userId)
        .where(canSeePost(viewer))
        .where(notBlockedBetween(viewer, 'reactions.user_id'));
      if (postId) query = query.where('reactions.post_id', '=', postId);
      return query.orderBy('reactions.created_at', 'desc').orderBy('reactions.id', 'desc').limit(1000).execute();
    },
  };
}

export type ReactionStore = ReturnType<typeof createReactionStore>;
export type ReactionRow = Awaited<ReturnType<ReactionStore['ofPost']>>[number];
