import type { Kysely } from 'kysely';

/**
 * Hashtags, mentions and topics. Tags and mentions are parsed from the text of posts,
 * comments and answers when saved or edited (src/api/posts/richText.ts) and kept in tables of their own,
 * each row naming its source (the post, comment or answer) and the post it belongs to, so that
 * visibility stays the post's: trending tags and mention notifications read only what the reader
 * may see. An edit replaces its source's rows; deleting a post cascades, a comment or answer
 * deletes its rows in its own transaction.
 *
 * A post's topics (the interest topics of src/api/posts/topics.ts) are the ones its author chose (at
 * most three) and those its hashtags map onto; both are stored on the row, as comma-joined text,
 * because the "For you" ranking reads them for every candidate in one pass.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('chosen_topics', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('topics', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('text_tags')
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('text_tags_pk', ['source_id', 'tag'])
    .execute();
  // Trending: the tags of the last day; the hashtag search: a tag's posts, newest first.
  await db.schema.createIndex('text_tags_created_idx').on('text_tags').columns(['created_at']).execute();
  await db.schema.createIndex('text_tags_tag_idx').on('text_tags').columns(['tag', 'created_at']).execute();
  await db.schema.createIndex('text_tags_post_idx').on('text_tags').columns(['post_id']).execute();

  await db.schema
    .createTable('text_mentions')
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('text_mentions_pk', ['source_id', 'user_id'])
    .execute();
  await db.schema.createIndex('text_mentions_user_idx').on('text_mentions').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('text_mentions_post_idx').on('text_mentions').columns(['post_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('text_mentions').execute();
  await db.schema.dropTable('text_tags').execute();
  await db.schema.alterTable('posts').dropColumn('topics').execute();
  await db.schema.alterTable('posts').dropColumn('chosen_topics').execute();
}
