import { sql, type Kysely } from 'kysely';

/**
 * Groups (the /group/... family of spec section 7; group chats live in chat_groups). A group post
 * is a row of `posts` with `group_id` set and `group_status` pending, accepted or declined.
 * Membership: role admin | member; status pending | accepted; joined_by creator | invited |
 * joined (a public group) | request (a private group: pending until a group admin approves).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('privacy', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('profile_image', 'text', (c) => c.notNull().defaultTo(''))
    // JSON text: string[].
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('groups_privacy_check', sql`privacy in ('public', 'private')`)
    .execute();
  await db.schema.createIndex('groups_created_idx').on('groups').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('joined_by', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .addCheckConstraint('group_members_role_check', sql`role in ('admin', 'member')`)
    .addCheckConstraint('group_members_status_check', sql`status in ('pending', 'accepted')`)
    .addCheckConstraint('group_members_joined_by_check', sql`joined_by in ('creator', 'invited', 'joined', 'request')`)
    .execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').columns(['user_id', 'status']).execute();

  // The group page walks (group_id, created_at, id); group_status narrows to accepted or pending.
  await db.schema.createIndex('posts_group_created_idx').on('posts').columns(['group_id', 'group_status', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('posts_group_created_idx').execute();
  await db.schema.dropTable('group_members').execute();
  await db.schema.dropTable('groups').execute();
}
