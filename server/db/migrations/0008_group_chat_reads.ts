import type { Kysely } from 'kysely';

/** How far each member has read a group chat (by message seq): the chat list's unread count of a group. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chat_group_members')
    .addColumn('last_read_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_group_members').dropColumn('last_read_seq').execute();
}
