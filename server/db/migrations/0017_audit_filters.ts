import type { Kysely } from 'kysely';

/**
 * The audit log's filters (GET /admin/audit/{page}?action=&admin=&target=): each reads its own
 * index newest first, as the whole log reads audit_log_created_idx (`target` reads the subject
 * index of 0010_moderation), so a filtered page never scans the log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_admin_idx').on('audit_log').columns(['admin_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_admin_idx').execute();
  await db.schema.dropIndex('audit_log_action_idx').execute();
}
