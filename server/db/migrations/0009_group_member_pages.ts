import type { Kysely } from 'kysely';

/**
 * A group's member list is read a page at a time in the order members joined, by the keyset
 * (joined_at, user_id): one index that ends in the id, so a page of a big group is a range read
 * instead of sorting all its members.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('group_members_joined_idx').on('group_members').columns(['group_id', 'joined_at', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('group_members_joined_idx').execute();
}
