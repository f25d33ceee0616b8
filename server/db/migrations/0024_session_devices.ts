import type { Kysely } from 'kysely';

/**
 * Where a member is signed in (Settings > Where you are signed in). Each session row gets the
 * device it was opened on, in words (`browser`, `system`, read from the user agent at sign-in),
 * and `ended_at`: a session ended from another device stays until it would have expired, so its
 * next request is told why it was refused. `session_activity` holds when each session was last
 * seen, apart from `sessions` so that its updates (at most one per session every few minutes) do
 * not move the auth version every cached session is checked against. `known_devices` remembers
 * every browser and system a member signed in from (outliving the sessions), so a sign-in from a
 * new one can be told by e-mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('browser', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('system', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('sessions').addColumn('ended_at', 'text').execute();

  await db.schema
    .createTable('session_activity')
    .addColumn('session_id', 'text', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('browser', 'text', (c) => c.notNull())
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'browser', 'system'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('known_devices').execute();
  await db.schema.dropTable('session_activity').execute();
  await db.schema.alterTable('sessions').dropColumn('ended_at').execute();
  await db.schema.alterTable('sessions').dropColumn('system').execute();
  await db.schema.alterTable('sessions').dropColumn('browser').execute();
}
