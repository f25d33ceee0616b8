import { sql, type Kysely } from 'kysely';

/**
 * People and profiles: what a member tells about themselves (basic info, social links, hobbies,
 * cover image), their notification and personalization choices, the recorded behaviour that
 * personalization may use, profile reports, and the ban's reason and time.
 *
 * `user_profiles` holds one row per member who changed anything; a member without a row has the
 * defaults (every notification on, nothing filled in), so sign-up does not need to know of it.
 * Lists (social links, hobbies, interests) are JSON text: read and written whole, never queried.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('cover_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('work', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('school', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quote', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('social_links', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('hobbies', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('interests', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('notify_messages', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_follows', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_reactions', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_comments', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ban_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('banned_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_behaviors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('topic', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_behaviors_user_idx').on('user_behaviors').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('profile_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reported_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('profile_reports_not_self', sql`reporter_id <> reported_id`)
    .execute();
  await db.schema.createIndex('profile_reports_created_idx').on('profile_reports').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('profile_reports_pair_idx').on('profile_reports').columns(['reporter_id', 'reported_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('profile_reports').execute();
  await db.schema.dropTable('user_behaviors').execute();
  await db.schema.dropTable('user_profiles').execute();
}
