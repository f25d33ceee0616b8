import type { Kysely } from 'kysely';

/**
 * Leaving with your data. `data_exports`: a member's archive, prepared in the
 * background (`heartbeat_at` moves while a job writes it, so a job whose process died is found
 * and marked failed); at most one per member is kept. `account_deletions`: a member's scheduled
 * deletion, gone when they cancel or once it is carried out. Both go with their member.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .addColumn('ready_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('data_exports_user_idx').on('data_exports').columns(['user_id']).execute();
  await db.schema.createIndex('data_exports_status_idx').on('data_exports').columns(['status', 'heartbeat_at']).execute();
  await db.schema.createIndex('data_exports_expiry_idx').on('data_exports').columns(['expires_at']).execute();

  await db.schema
    .createTable('account_deletions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('delete_after', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_deletions_due_idx').on('account_deletions').columns(['delete_after']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_deletions').execute();
  await db.schema.dropTable('data_exports').execute();
}
