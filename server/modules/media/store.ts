import type { DatabaseHandle } from '../../db/database';
import type { ImagesTable } from '../../db/schema';

/** SQL for images members upload outside posts; the row says whose file it is. */
export function createImageStore(database: DatabaseHandle) {
  const { db } = database;
  return {
    insert: (row: ImagesTable) => db.insertInto('images').values(row).execute(),
    find: (id: string) => db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst(),
    // Chat images belong to their conversation, not to the member's public gallery.
    ofUser: (userId: string) =>
      db
        .selectFrom('images')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', '!=', 'chat')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(500)
        .execute(),
    remove: (id: string) => db.deleteFrom('images').where('id', '=', id).execute(),
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
