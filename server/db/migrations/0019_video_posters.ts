import type { Kysely } from 'kysely';

/**
 * A video post's poster: the first frame the composer's browser drew, re-encoded by the image
 * pipeline and stored as an image (image/v{version}/{id}.{ext}). Empty for videos sent without one
 * (the spec's data-URL way, older clients): those keep the `#t=0.1` first-frame fallback.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('video_poster_version', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('video_poster_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').dropColumn('video_poster_id').execute();
  await db.schema.alterTable('posts').dropColumn('video_poster_version').execute();
}
