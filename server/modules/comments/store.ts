import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import type { TextFormat } from '../../../src/api/constants';
import type { CommentRow, Database } from '../../db/schema';
import { finishPage, orderPage, type PageRequest } from '../../core/paging';
import { canSeePost, notBlockedBetween, type Viewer } from '../../core/visibility';
import type { PostsForOthers } from '../posts/forOthers';
import { dropTextIndex, indexedTextOf, writeTextIndex } from '../../core/textIndex';

export const COMMENTS_PAGE_SIZE = 50;

/** SQL for comments; a comment row and the post's commentsCount change in one transaction. */
export function createCommentStore(database: DatabaseHandle, posts: Pick<PostsForOthers, 'lockForUpdate' | 'findVisible'>) {
  const { db } = database;
  const count = (by: 1 | -1) => ({ comments_count: sql<number>`comments_count + ${by}` });

  const listed = () =>
    db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.user_id')
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .selectAll('comments')
      .select(['users.username', 'users.avatar_color', 'users.profile_picture', 'users.avatar_image']);

  const commentsCount = async (postId: string) =>
    Number((await db.selectFrom('posts').select('comments_count').where('id', '=', postId).executeTakeFirst())?.comments_count ?? 0);

  return {
    commentsCount,

    /**
     * Adds the comment (and `alsoWrite`, a send's key), counting it on its post and indexing its
     * hashtags and mentions: whose post it is and whom it mentions, or null when the post is not theirs to see.
     */
    add: (viewer: Viewer, row: CommentRow, alsoWrite?: (trx: Kysely<Database>) => Promise<void>) =>
      db.transaction().execute(async (trx) => {
        if (!(await posts.lockForUpdate(trx, row.post_id))) return null;
        const post = await posts.findVisible(viewer, row.post_id, trx);
        if (!post) return null;
        await alsoWrite?.(trx);
        await trx.insertInto('comments').values(row).execute();
        await trx.updateTable('posts').set(count(1)).where('id', '=', row.post_id).execute();
        const mentioned = await writeTextIndex(trx, {
          sourceId: row.id,
          postId: row.post_id,
          indexed: indexedTextOf(row.comment, row.format),
          at: row.created_at,
        });
        return { authorId: post.user_id, mentioned };
      }),

    /** The comment, if the viewer may see its post and no block stands between them and its writer. */
    findVisible: (viewer: Viewer, commentId: string) =>
      listed()
        .where('comments.id', '=', commentId)
        .where(canSeePost(viewer))
        .where(notBlockedBetween(viewer, 'comments.user_id'))
        .executeTakeFirst(),

    /** Changes the text and replaces its hashtags and mentions: the members mentioned anew. */
    update: (commentId: string, postId: string, comment: string, format: TextFormat, now: string) =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('comments').set({ comment, format, updated_at: now, edited_at: now }).where('id', '=', commentId).execute();
        return writeTextIndex(trx, { sourceId: commentId, postId, indexed: indexedTextOf(comment, format), at: now });
      }),

    remove: (commentId: string, postId: string) =>
      db.transaction().execute(async (trx) => {
        await posts.lockForUpdate(trx, postId);
        const removed = await trx.deleteFrom('comments').where('id', '=', commentId).returning('id').executeTakeFirst();
        if (removed) await trx.updateTable('posts').set(count(-1)).where('id', '=', postId).execute();
        await dropTextIndex(trx, commentId);
      }),

    /** Whether the member has a comment on the post (after deleting one: is another left?). */
    hasCommented: async (postId: string, userId: string) =>
      (await db
        .selectFrom('comments')
        .select('id')
        .where('post_id', '=', postId)
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst()) !== undefined,

    /** Oldest first (a conversation reads top-down); `cursor` continues after the last one seen. */
    async ofPost(viewer: Viewer, postId: string, request: PageRequest) {
      const base = listed()
        .where('comments.post_id', '=', postId)
        .where(canSeePost(viewer))
        .where(notBlockedBetween(viewer, 'comments.user_id'));
      // Comments read oldest first, so "next" means newer: the keyset walks with `since`.
      const walk: PageRequest = { page: 1, size: COMMENTS_PAGE_SIZE, since: request.cursor ?? request.since ?? { createdAt: '', id: '' } };
      const rows = await orderPage(base, { createdAt: 'comments.created_at', id: 'comments.id' }, walk).execute();
      return finishPage(rows, walk, (row) => `${row.created_at}_${row.id}`);
    },

    /** Distinct names of the commenters the viewer may see. */
    names: (viewer: Viewer, postId: string) =>
      db
        .selectFrom('comments')
        .innerJoin('users', 'users.id', 'comments.user_id')
        .innerJoin('posts', 'posts.id', 'comments.post_id')
        .select('users.username')
        .distinct()
        .where('comments.post_id', '=', postId)
        .where(canSeePost(viewer))
        .where(notBlockedBetween(viewer, 'comments.user_id'))
        .orderBy('users.username')
        .execute(),
  };
}

export type CommentStore = ReturnType<typeof createCommentStore>;
export type ListedComment = NonNullable<Awaited<ReturnType<CommentStore['findVisible']>>>;
