import type { Kysely } from 'kysely';

/**
 * A topic's posts, newest first (GET /post/topic/{topic}/{page}: the page a topic chip opens). The
 * topics of a post live on its row as comma-joined text (0014_hashtags), which no index can read by
 * topic; post_topics holds one row per topic of a post, with the post's creation time, written in
 * the same transaction as the post's create and edit, and gone with the post (the foreign key
 * cascades). Backfilled here from the posts' `topics`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_topics')
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_topics_pk', ['topic', 'post_id'])
    .execute();
  await db.schema.createIndex('post_topics_topic_idx').on('post_topics').columns(['topic', 'created_at', 'post_id']).execute();
  await db.schema.createIndex('post_topics_post_idx').on('post_topics').columns(['post_id']).execute();

  // Backfill in batches by id, so that a large table is never read whole.
  const BATCH = 500;
  let after = '';
  for (;;) {
    const rows: { id: string; topics: string; created_at: string }[] = await db
      .selectFrom('posts')
      .select(['id', 'topics', 'created_at'])
      .where('id', '>', after)
      .where('topics', '<>', '')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    const values = rows.flatMap((row) =>
      [...new Set(row.topics.split(',').filter((topic) => topic !== ''))].map((topic) => ({
        topic,
        post_id: row.id,
        created_at: row.created_at,
      })),
    );
    if (values.length > 0) await db.insertInto('post_topics').values(values).execute();
    after = rows[rows.length - 1].id;
    if (rows.length < BATCH) break;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_topics').execute();
}
