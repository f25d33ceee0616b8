import type { Kysely } from 'kysely';

/**
 * The reports about one member, newest first (GET /admin/member/{id}: the member's admin page), by
 * an index of their own: profile_reports had indexes by status and by reporter only, so reading
 * one member's reports scanned them all.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('profile_reports_reported_idx').on('profile_reports').columns(['reported_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('profile_reports_reported_idx').execute();
}
