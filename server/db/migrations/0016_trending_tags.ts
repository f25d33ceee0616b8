import { sql, type Kysely } from 'kysely';

/**
 * Trending reads only the tags that can trend. It read the newest 5,000 post tags of the day and
 * only then kept those on posts the reader may see, so 260 Private posts of 20 tags each pushed
 * every public tag out of what it read. Now `text_tags.trends` is 1 for a post's own tags while the
 * post is Public, in no group and not hidden (set in the transaction that writes the post, changes
 * its privacy, group status or hidden flag; a deleted post's rows cascade), and trending reads the
 * newest rows with trends = 1 through their own index. The time-only index served trending alone.
 *
 * Self-contained: the rule is written out here, as it stood when this ran.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('text_tags')
    .addColumn('trends', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update text_tags set trends = 1
    where source_id = post_id
      and exists (select 1 from posts where posts.id = text_tags.post_id and posts.privacy = 'Public' and posts.group_id is null and posts.hidden = 0)`.execute(
    db,
  );
  await db.schema.dropIndex('text_tags_created_idx').execute();
  await db.schema.createIndex('text_tags_trends_idx').on('text_tags').columns(['trends', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('text_tags_trends_idx').execute();
  await db.schema.createIndex('text_tags_created_idx').on('text_tags').columns(['created_at']).execute();
  await db.schema.alterTable('text_tags').dropColumn('trends').execute();
}
