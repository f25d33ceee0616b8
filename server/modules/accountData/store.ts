import type { DatabaseHandle } from '../../db/database';
import type { AccountDeletionsTable, DataExportsTable } from '../../db/schema';

/** SQL of the accountData area's own tables (data_exports, account_deletions). */
export function createAccountDataStore(database: DatabaseHandle) {
  const { db } = database;
  return {
    latestExport: (userId: string) =>
      db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    exportsOf: (userId: string) => db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).execute(),
    findExport: (id: string) => db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst(),
    insertExport: (row: DataExportsTable) => db.insertInto('data_exports').values(row).execute(),
    removeExports: (ids: string[]) =>
      ids.length === 0 ? Promise.resolve() : db.deleteFrom('data_exports').where('id', 'in', ids).execute(),
    beat: (id: string, at: string) =>
      db.updateTable('data_exports').set({ heartbeat_at: at }).where('id', '=', id).where('status', '=', 'preparing').execute(),
    markReady: async (id: string, changes: { file: string; size: number; readyAt: string; expiresAt: string }) => {
      const result = await db
        .updateTable('data_exports')
        .set({ status: 'ready', file: changes.file, size: changes.size, ready_at: changes.readyAt, expires_at: changes.expiresAt })
        .where('id', '=', id)
        .where('status', '=', 'preparing')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    markFailed: (id: string, error: string) =>
      db.updateTable('data_exports').set({ status: 'failed', error }).where('id', '=', id).where('status', '=', 'preparing').execute(),
    /** Preparing exports whose job stopped beating before `before` (its process died). */
    stalled: (before: string, limit: number) =>
      db.selectFrom('data_exports').selectAll().where('status', '=', 'preparing').where('heartbeat_at', '<', before).limit(limit).execute(),
    expired: (now: string, limit: number) =>
      db.selectFrom('data_exports').selectAll().where('expires_at', '<=', now).limit(limit).execute(),

    findDeletion: (userId: string) => db.selectFrom('account_deletions').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    scheduleDeletion: (row: AccountDeletionsTable) =>
      db
        .insertInto('account_deletions')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute(),
    cancelDeletion: async (userId: string) => {
      const result = await db.deleteFrom('account_deletions').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    dueDeletions: (now: string, limit: number) =>
      db.selectFrom('account_deletions').selectAll().where('delete_after', '<=', now).orderBy('delete_after').limit(limit).execute(),
    scheduledDeletions: (limit: number) =>
      db
        .selectFrom('account_deletions')
        .innerJoin('users', 'users.id', 'account_deletions.user_id')
        .select([
          'account_deletions.user_id',
          'users.username',
          'users.email',
          'account_deletions.requested_at',
          'account_deletions.delete_after',
        ])
        .orderBy('account_deletions.delete_after')
        .limit(limit)
        .execute(),
  };
}

export type AccountDataStore = ReturnType<typeof createAccountDataStore>;
