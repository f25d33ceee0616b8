import { sql, type Kysely } from 'kysely';

/**
 * Idempotent sends (server/modules/sends): a post, question, comment or answer sent with a
 * client-made id records (author, kind, client id) -> the item's id here, in the same transaction
 * as the item, so a retried request finds the first result instead of storing a second one. The
 * key outlives its item on purpose: a retry of a send whose item was deleted since must not bring
 * it back. Chat messages keep their key on the message row (chat_messages.client_id, 0005_chat).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('client_sends')
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_sends_pk', ['author_id', 'kind', 'client_id'])
    .addCheckConstraint('client_sends_kind_check', sql`kind in ('post', 'question', 'comment', 'answer')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('client_sends').execute();
}
