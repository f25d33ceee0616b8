import { sql, type Kysely } from 'kysely';

/**
 * The Photos and Videos pages (`GET /post/images/:page`, `/post/videos/:page`): the newest posts
 * with an image (a video) outside groups. No index held those rows in order, so SQLite chose between
 * walking every post newest first until ten had an image (with ANALYZE's statistics: a cost that
 * grows as images get rarer) and, as the server leaves a database (no statistics), reading every
 * post outside groups by posts_group_created_idx and sorting them all: 1.2 to 1.9 s a request at
 * 1M posts, the server's one thread blocked the while. Each partial index holds only the posts with
 * an image (a video), by group and then newest first: the page (group_id null) is one range of it in
 * its order, ten rows whatever the community's size or its share of images. Led by group_id so that
 * SQLite, guessing without statistics, prefers it to posts_group_created_idx for `group_id is null`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index posts_images_created_idx on posts (group_id, created_at, id) where image_id <> ''`.execute(db);
  await sql`create index posts_videos_created_idx on posts (group_id, created_at, id) where video_id <> ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists posts_videos_created_idx`.execute(db);
  await sql`drop index if exists posts_images_created_idx`.execute(db);
}
