import { sql, type Kysely } from 'kysely';

/**
 * Streams and questions: posts (a `kind` column tells posts from questions), answers, reactions,
 * comments, saved posts, follows, blocks, and the images members upload outside posts.
 * Reaction counts live on the post row (one column per type) and change in the same transaction
 * as the reaction row, so a read never has to count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('post'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Group posts arrive with the groups issue; until then every post has none.
    .addColumn('group_id', 'text')
    .addColumn('group_status', 'text')
    .addColumn('post', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bg_color', 'text', (c) => c.notNull())
    .addColumn('privacy', 'text', (c) => c.notNull())
    .addColumn('feelings', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gif_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('video_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('video_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answers_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accepted_answer_id', 'text')
    .addColumn('reactions_like', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reactions_love', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reactions_angry', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reactions_happy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reactions_sad', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reactions_wow', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .addCheckConstraint('posts_kind_check', sql`kind in ('post', 'question')`)
    .addCheckConstraint('posts_privacy_check', sql`privacy in ('Public', 'Followers', 'Private')`)
    .execute();
  // Keyset pages walk (created_at, id); per-kind and per-author streams have their own.
  await db.schema.createIndex('posts_created_idx').on('posts').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('posts_kind_created_idx').on('posts').columns(['kind', 'created_at', 'id']).execute();
  await db.schema.createIndex('posts_user_created_idx').on('posts').columns(['user_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('answers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('question_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .execute();
  await db.schema.createIndex('answers_question_idx').on('answers').columns(['question_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('answers_user_idx').on('answers').columns(['user_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('reactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('reactions_post_user_unique', ['post_id', 'user_id'])
    .addCheckConstraint('reactions_type_check', sql`type in ('like', 'love', 'angry', 'happy', 'sad', 'wow')`)
    .execute();
  await db.schema.createIndex('reactions_user_idx').on('reactions').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .execute();
  await db.schema.createIndex('comments_post_idx').on('comments').columns(['post_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('comments_user_idx').on('comments').column('user_id').execute();

  await db.schema
    .createTable('saved_posts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('saved_posts_pk', ['user_id', 'post_id'])
    .execute();
  await db.schema.createIndex('saved_posts_user_created_idx').on('saved_posts').columns(['user_id', 'created_at', 'post_id']).execute();
  await db.schema.createIndex('saved_posts_post_idx').on('saved_posts').column('post_id').execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .addCheckConstraint('follows_not_self', sql`follower_id <> followee_id`)
    .execute();
  await db.schema.createIndex('follows_followee_idx').on('follows').columns(['followee_id', 'created_at']).execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('blocks_not_self', sql`blocker_id <> blocked_id`)
    .execute();
  await db.schema.createIndex('blocks_blocked_idx').on('blocks').column('blocked_id').execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_user_created_idx').on('images').columns(['user_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['images', 'blocks', 'follows', 'saved_posts', 'comments', 'reactions', 'answers', 'posts']) {
    await db.schema.dropTable(table).execute();
  }
}
