import { sql, type Kysely } from 'kysely';

/**
 * One data export in preparation per member, held by the database (0025_account_data checked it
 * before inserting, which two requests in the same instant could both pass): a partial unique index
 * on the member's preparing row. Both SQLite and PostgreSQL take `where` on an index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index data_exports_one_preparing_idx on data_exports (user_id) where status = 'preparing'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists data_exports_one_preparing_idx`.execute(db);
}
