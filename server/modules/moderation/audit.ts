import { sql, type Kysely } from 'kysely';
import type { UserSummary } from '../../../src/api/users/follows';
import {
  ADMIN_PAGE_SIZE,
  ITEM_HISTORY_MAX,
  type AuditAction,
  type AuditEntry,
  type AuditQuery,
  type AuditTarget,
} from '../../../src/api/moderation';
import { idSchema } from '../../../src/api/posts';
import type { DatabaseHandle } from '../../db/database';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { pictureOf } from '../../core/presentUser';

/** One admin action, as a service writes it (inside the transaction of the action itself). */
export interface AuditWrite {
  adminId: string;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string;
  targetLabel: string;
  /** The member or post the action is about: the history beside each report, ban and hidden post is read by it. */
  subjectId: string;
  reason?: string;
  at: string;
}

interface AuditRow {
  id: string;
  admin_id: string | null;
  action: AuditAction;
  target_type: AuditTarget;
  target_id: string;
  target_label: string;
  subject_id: string;
  reason: string;
  created_at: string;
  username: string | null;
  avatar_color: string | null;
  avatar_image: string | null;
  profile_picture: string | null;
}

/** An admin account removed since: the entry stays, its author shown as such. */
const GONE = { username: '(deleted admin)', avatar_color: '#9ca3af', avatar_image: '', profile_picture: '' };

export function presentAudit(row: AuditRow): AuditEntry {
  const admin =
    row.username === null
      ? GONE
      : {
          username: row.username,
          avatar_color: row.avatar_color ?? '',
          avatar_image: row.avatar_image ?? '',
          profile_picture: row.profile_picture ?? '',
        };
  return {
    _id: row.id,
    admin: {
      _id: row.admin_id ?? '',
      username: admin.username,
      avatarColor: admin.avatar_color,
      avatarImage: admin.avatar_image,
      profilePicture: pictureOf(admin),
    },
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    reason: row.reason,
    createdAt: row.created_at,
  };
}

/** A short name of a post for lists and the log: its first words, or what it holds. */
export function postLabel(post: { post: string; image_id: string; video_id: string; gif_url: string }): string {
  const text = post.post.replace(/\s+/g, ' ').trim();
  if (text) return text.length > 60 ? `${text.slice(0, 57)}...` : text;
  return post.image_id ? 'Photo post' : post.video_id ? 'Video post' : post.gif_url ? 'GIF post' : 'Post';
}

/**
 * The audit log: every admin action (ban, unban, hide, unhide, report status, appeal decision),
 * written in the transaction of the action, read newest first (the dashboard, the whole log) and
 * per subject (the history beside each report, ban and hidden post: one query for a whole page).
 */
export function createAuditLog(database: DatabaseHandle) {
  const { db } = database;
  const withAdmin = (on: Kysely<Database> = db) =>
    on
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.admin_id')
      .select([
        'audit_log.id',
        'audit_log.admin_id',
        'audit_log.action',
        'audit_log.target_type',
        'audit_log.target_id',
        'audit_log.target_label',
        'audit_log.subject_id',
        'audit_log.reason',
        'audit_log.created_at',
        'users.username',
        'users.avatar_color',
        'users.avatar_image',
        'users.profile_picture',
      ]);

  /** The subject a `target` names: an id as it is, else the member of that username (null: none). */
  async function subjectOf(target: string): Promise<string | null> {
    const id = idSchema('Target').safeParse(target);
    if (id.success) return id.data;
    const member = await db.selectFrom('users').select('id').where('username_lower', '=', target.toLowerCase()).executeTakeFirst();
    return member?.id ?? null;
  }

  return {
    async write(trx: Kysely<Database>, entry: AuditWrite): Promise<void> {
      await trx
        .insertInto('audit_log')
        .values({
          id: newId(),
          admin_id: entry.adminId,
          action: entry.action,
          target_type: entry.targetType,
          target_id: entry.targetId,
          target_label: entry.targetLabel,
          subject_id: entry.subjectId,
          reason: entry.reason ?? '',
          created_at: entry.at,
        })
        .execute();
    },

    async recent(limit: number): Promise<AuditEntry[]> {
      const rows = await withAdmin().orderBy('audit_log.created_at', 'desc').orderBy('audit_log.id', 'desc').limit(limit).execute();
      return rows.map(presentAudit);
    },

    /**
     * A page of the log under the filters (auditQuerySchema), newest first (no total: the log only
     * grows). A `target` naming no member and no id matches nothing.
     */
    async page(page: number, filters: AuditQuery = {}): Promise<{ items: AuditEntry[]; hasMore: boolean }> {
      const subject = filters.target === undefined ? undefined : await subjectOf(filters.target);
      if (subject === null) return { items: [], hasMore: false };
      let query = withAdmin();
      if (filters.action !== undefined) query = query.where('audit_log.action', '=', filters.action);
      if (filters.admin !== undefined) query = query.where('audit_log.admin_id', '=', filters.admin);
      if (subject !== undefined) query = query.where('audit_log.subject_id', '=', subject);
      const rows = await query
        .orderBy('audit_log.created_at', 'desc')
        .orderBy('audit_log.id', 'desc')
        .limit(ADMIN_PAGE_SIZE + 1)
        .offset((page - 1) * ADMIN_PAGE_SIZE)
        .execute();
      return { items: rows.slice(0, ADMIN_PAGE_SIZE).map(presentAudit), hasMore: rows.length > ADMIN_PAGE_SIZE };
    },

    /** Every admin account, by username: what the log's `admin` filter offers (the partial admins index: a handful of rows). */
    async admins(): Promise<UserSummary[]> {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'username', 'avatar_color', 'avatar_image', 'profile_picture'])
        .where('role', '=', 'ADMIN')
        .orderBy('username_lower')
        .execute();
      return rows.map((row) => ({
        _id: row.id,
        username: row.username,
        avatarColor: row.avatar_color,
        avatarImage: row.avatar_image,
        profilePicture: pictureOf(row),
      }));
    },

    /**
     * The newest ITEM_HISTORY_MAX entries about each subject, in one statement (a window over the
     * subject index), newest first. Subjects with no entry map to [].
     */
    async historyOf(subjectIds: string[]): Promise<Map<string, AuditEntry[]>> {
      const ids = [...new Set(subjectIds)];
      const history = new Map<string, AuditEntry[]>(ids.map((id) => [id, []]));
      if (ids.length === 0) return history;
      const ranked = db
        .selectFrom('audit_log')
        .select(['id', sql<number>`row_number() over (partition by subject_id order by created_at desc, id desc)`.as('rank')])
        .where('subject_id', 'in', ids);
      const rows = await withAdmin()
        .innerJoin(ranked.as('ranked'), 'ranked.id', 'audit_log.id')
        .where('ranked.rank', '<=', ITEM_HISTORY_MAX)
        .orderBy('audit_log.created_at', 'desc')
        .orderBy('audit_log.id', 'desc')
        .execute();
      for (const row of rows) history.get(row.subject_id)?.push(presentAudit(row));
      return history;
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
