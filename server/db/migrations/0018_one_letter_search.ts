import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * One-letter search for people and groups (server/modules/search/store.ts `letterWindow`): a letter
 * is answered as a range of names in byte order (`>= 'a' and < 'b'`), read from an index, never by
 * a scan of every member or group (a one-letter prefix in the full-text index would match a good
 * part of it).
 *
 * - Members by `users.username_lower` (already unique-indexed: SQLite compares text bytewise, so
 *   that index answers the range; PostgreSQL's follows the database collation, so a `collate "C"`
 *   index is added for a range and an order that are bytewise whatever the collation).
 * - Groups by `group_search.name_text` (the folded words of the name, 0012_search), indexed here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`create index users_username_bytes_idx on users (username_lower collate "C")`.execute(db);
    await sql`create index group_search_name_bytes_idx on group_search (name_text collate "C", id)`.execute(db);
  } else {
    await sql`create index group_search_name_bytes_idx on group_search (name_text, id)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await sql`drop index if exists users_username_bytes_idx`.execute(db);
  await sql`drop index if exists group_search_name_bytes_idx`.execute(db);
}
