import { sql, type Kysely } from 'kysely';

/**
 * Private and group chat. A conversation (one per pair of members, one per group chat) keeps
 * `last_seq`; storing a message bumps it in the same transaction (the row lock orders concurrent
 * senders), so messages of a conversation are numbered 1, 2, 3, ... without gaps, in commit order.
 * A client that remembers its highest seq can ask for everything after it and miss nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('privacy', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('profile_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('chat_groups_privacy_check', sql`privacy in ('public', 'private')`)
    .execute();

  await db.schema
    .createTable('chat_group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('chat_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('joined_by', 'text', (c) => c.notNull().defaultTo('invited'))
    .addColumn('invited_by', 'text')
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_group_members_pk', ['group_id', 'user_id'])
    .addCheckConstraint('chat_group_members_state_check', sql`state in ('pending', 'accepted')`)
    .addCheckConstraint('chat_group_members_role_check', sql`role in ('admin', 'member')`)
    .execute();
  await db.schema.createIndex('chat_group_members_user_idx').on('chat_group_members').columns(['user_id', 'state']).execute();

  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // Private: the pair, smaller id first. Group: NULL (the id is the group's).
    .addColumn('user_one', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('user_two', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.references('chat_groups.id').onDelete('cascade'))
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('chat_conversations_kind_check', sql`kind in ('private', 'group')`)
    .execute();
  await db.schema.createIndex('chat_conversations_pair_idx').on('chat_conversations').columns(['user_one', 'user_two']).unique().execute();
  await db.schema.createIndex('chat_conversations_two_idx').on('chat_conversations').column('user_two').execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.references('chat_groups.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gif_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('selected_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_for_everyone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_seq_idx').on('chat_messages').columns(['conversation_id', 'seq']).unique().execute();
  // A retried send (same client id) is stored once.
  await db.schema.createIndex('chat_messages_client_idx').on('chat_messages').columns(['sender_id', 'client_id']).unique().execute();
  await db.schema.createIndex('chat_messages_unread_idx').on('chat_messages').columns(['receiver_id', 'is_read']).execute();

  await db.schema
    .createTable('chat_hidden_messages')
    .addColumn('message_id', 'text', (c) => c.notNull().references('chat_messages.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('chat_hidden_messages_pk', ['message_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('chat_reactions')
    .addColumn('message_id', 'text', (c) => c.notNull().references('chat_messages.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_reactions_pk', ['message_id', 'user_id'])
    .execute();

  // "add chat users": who has which private conversation open (messages to them arrive read).
  await db.schema
    .createTable('chat_viewers')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('other_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_viewers_pk', ['user_id', 'other_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'chat_viewers',
    'chat_reactions',
    'chat_hidden_messages',
    'chat_messages',
    'chat_conversations',
    'chat_group_members',
    'chat_groups',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
