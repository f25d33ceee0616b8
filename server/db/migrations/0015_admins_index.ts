import { sql, type Kysely } from 'kysely';

/**
 * The admins, by a partial index (a handful of rows): a new post's socket audience asks a Private or
 * Followers post of its author, their followers and the admins among those connected
 * (posts/announce.ts), instead of every connected member; looking the admins up among 1,000
 * connected ids read 1,000 user rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index users_admins_idx on users (id) where role = 'ADMIN'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_admins_idx').execute();
}
