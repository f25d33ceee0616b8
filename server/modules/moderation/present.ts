import type { UserSummary } from '../../../src/api/users/follows';
import type { AdminUser, Appeal } from '../../../src/api/moderation';
import type { AppealsTable } from '../../db/schema';
import { presentSummary } from '../../core/presentUser';
import type { AdminUserRow, SummaryRow } from './store';

/** A member as the admin area shows them. */
export function presentAdminUser(row: AdminUserRow): AdminUser {
  const banned = Boolean(row.is_banned);
  return {
    ...presentSummary(row),
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    postsCount: Number(row.posts_count),
    isBanned: banned,
    banReason: banned ? (row.ban_reason ?? '') : '',
    bannedAt: banned ? (row.banned_at ?? null) : null,
  };
}

/** A member who is gone (an appeal's decider deleted since): never shown as someone else. */
const GONE: UserSummary = { _id: '', username: '(deleted member)', avatarColor: '#9ca3af', avatarImage: '', profilePicture: '' };

export const summaryOr = (people: Map<string, SummaryRow>, id: string | null): UserSummary | null => {
  if (!id) return null;
  const row = people.get(id);
  return row ? presentSummary(row) : { ...GONE, _id: id };
};

export function presentAppeal(row: AppealsTable, people: Map<string, SummaryRow>): Appeal {
  return {
    _id: row.id,
    user: summaryOr(people, row.user_id)!,
    banReason: row.ban_reason,
    bannedAt: row.banned_at,
    message: row.message,
    status: row.status,
    reply: row.reply,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    decidedBy: summaryOr(people, row.decided_by),
  };
}
