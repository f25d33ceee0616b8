import type { Kysely } from 'kysely';

/**
 * Followers and following lists are read a page at a time, newest follow first, by the keyset
 * (created_at, other member's id): one index for each direction, each ending in the id so that
 * ties in created_at are ordered by the index too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('follows_followee_idx').execute();
  await db.schema.createIndex('follows_followee_idx').on('follows').columns(['followee_id', 'created_at', 'follower_id']).execute();
  await db.schema.createIndex('follows_follower_idx').on('follows').columns(['follower_id', 'created_at', 'followee_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('follows_follower_idx').execute();
  await db.schema.dropIndex('follows_followee_idx').execute();
  await db.schema.createIndex('follows_followee_idx').on('follows').columns(['followee_id', 'created_at']).execute();
}
