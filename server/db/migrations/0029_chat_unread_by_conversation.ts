import { sql, type Kysely } from 'kysely';

/**
 * Each one-to-one send asks how many messages of the conversation its receiver has not read (their
 * chat list's count) and whether the sender had any unread. The unread index of 0005_chat held the
 * receiver and the read flag only, so both read every unread message to that member, from everyone:
 * a send cost more with each message the receiver left unread. With the conversation after them,
 * both are a range of this conversation's unread messages alone (and the chat list's count per
 * conversation, grouped by it, reads the index in order). It replaces the old one, whose queries
 * (the receiver's unread messages, read marks) it serves as well.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists chat_messages_unread_idx`.execute(db);
  await db.schema
    .createIndex('chat_messages_unread_idx')
    .on('chat_messages')
    .columns(['receiver_id', 'is_read', 'conversation_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists chat_messages_unread_idx`.execute(db);
  await db.schema.createIndex('chat_messages_unread_idx').on('chat_messages').columns(['receiver_id', 'is_read']).execute();
}
