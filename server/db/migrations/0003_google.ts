import type { Kysely } from 'kysely';

/**
 * Google sign-in: the Google account (the ID token's `sub`, stable for the life of the account)
 * a member is linked to. NULL for members who only use a password; unique otherwise (both
 * SQLite and PostgreSQL let any number of rows hold NULL under a unique index).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('google_sub', 'text').execute();
  await db.schema.createIndex('users_google_sub_idx').on('users').column('google_sub').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_google_sub_idx').execute();
  await db.schema.alterTable('users').dropColumn('google_sub').execute();
}
