import { sql, type Kysely } from 'kysely';

/**
 * The notifications inbox (server/modules/notifications). One row per entry: per (recipient,
 * kind, target), or per UTC day for follows (`group_key`, unique per recipient), updated in place
 * when another member does the same; the members who did it in `notification_actors`. Each member's
 * unread and total counts are kept in `notification_counters`, changed in the same transaction as
 * the entries, so the badge never counts rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('group_key', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'notifications_target_check',
      sql`target_type in ('post', 'question', 'profile', 'group', 'groupChat', 'appeal', 'report', 'account')`,
    )
    .execute();
  await db.schema.createIndex('notifications_group_idx').on('notifications').columns(['user_id', 'group_key']).unique().execute();
  // The inbox, newest activity first, a page at a time; also the oldest ones beyond the per-member cap.
  await db.schema.createIndex('notifications_inbox_idx').on('notifications').columns(['user_id', 'updated_at', 'id']).execute();
  // Entries about a post or group that is deleted.
  await db.schema.createIndex('notifications_target_idx').on('notifications').column('target_id').execute();
  // Pruning: entries older than the keep period, oldest first, in batches.
  await db.schema.createIndex('notifications_updated_idx').on('notifications').column('updated_at').execute();

  await db.schema
    .createTable('notification_actors')
    .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_actors_pk', ['notification_id', 'actor_id'])
    .execute();
  // Undo and blocks: the entries an actor is in.
  await db.schema.createIndex('notification_actors_actor_idx').on('notification_actors').columns(['actor_id', 'notification_id']).execute();

  await db.schema
    .createTable('notification_counters')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_counters').execute();
  await db.schema.dropTable('notification_actors').execute();
  await db.schema.dropTable('notifications').execute();
}
