import { ADMIN_PAGE_SIZE, type AdminUser } from '../../api/moderation';
import type { AdminListSnapshot } from './adminList.machine';

/** What an admin list shows: its items, the filter, search and page, the running action's key. */
export const adminListView = (s: AdminListSnapshot) => s.context;

/** How many pages the total makes (at least one), once the total is known. */
export const pageCount = (s: AdminListSnapshot) =>
  s.context.total === null ? null : Math.max(1, Math.ceil(s.context.total / ADMIN_PAGE_SIZE));

/** Who may be banned from the admin pages: not an admin, not someone already banned. */
export const canBan = (member: AdminUser) => member.role !== 'ADMIN' && !member.isBanned;
