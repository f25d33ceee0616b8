import type { DatabaseHandle } from '../../db/database';

/** SQL for saved posts (the spec's "favpost"). Reading them is PostStore.savedPage. */
export function createSavedStore(database: DatabaseHandle) {
  const { db } = database;
  return {
    /** Saves, or un-saves when already saved; answers whether it is saved now. */
    toggle: (userId: string, postId: string, now: string) =>
      db.transaction().execute(async (trx) => {
        const removed = await trx.deleteFrom('saved_posts').where('user_id', '=', userId).where('post_id', '=', postId).executeTakeFirst();
        if (Number(removed.numDeletedRows) > 0) return false;
        await trx
          .insertInto('saved_posts')
          .values({ user_id: userId, post_id: postId, created_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
          .execute();
        return true;
      }),
  };
}

export type SavedStore = ReturnType<typeof createSavedStore>;
