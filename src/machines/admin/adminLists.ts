import type { UserSummary } from '../../api/users/follows';
import {
  AUDIT_ACTIONS,
  OPEN_STATUSES,
  type AdminUser,
  type Appeal,
  type AppealStatus,
  type AuditAction,
  type AuditEntry,
  type BanEntry,
  type HiddenPost,
  type ModerationStatus,
  type PostReportCase,
  type ProfileReportItem,
} from '../../api/moderation';
import type { Post } from '../../api/posts';

/**
 * The admin lists as data: what identifies an item, which filters a list offers, whether an
 * item still belongs under the current filter, and how an admin action's answer changes an item.
 * One list machine (adminList.machine.ts) serves them all through this table.
 */
export const ADMIN_LIST_KINDS = ['users', 'bans', 'profileReports', 'postReports', 'appeals', 'hiddenPosts', 'audit'] as const;
export type AdminListKind = (typeof ADMIN_LIST_KINDS)[number];

export interface AdminItems {
  users: AdminUser;
  bans: BanEntry;
  profileReports: ProfileReportItem;
  postReports: PostReportCase;
  appeals: Appeal;
  hiddenPosts: HiddenPost;
  audit: AuditEntry;
}
export type AdminItem = AdminItems[AdminListKind];

/**
 * A list's filter: a report status, an appeal status, the audit log's action, or null (reports:
 * the open ones; appeals and the audit log: all).
 */
export type AdminFilter = ModerationStatus | AppealStatus | AuditAction | null;

/** One page as every admin list answers it. */
export interface AdminPage<T = AdminItem> {
  items: T[];
  page: number;
  hasMore: boolean;
  total: number | null;
  /** The admins the audit log's admin filter offers (the audit log only). */
  admins?: UserSummary[];
}

/** What the list machine asks for. */
export interface AdminPageRequest {
  kind: AdminListKind;
  page: number;
  filter: AdminFilter;
  /** The members list's search, the audit log's target ('' for none). */
  search: string;
  /** The audit log's admin filter: the id of the admin who acted (null for any). */
  adminId: string | null;
}

/** What an admin action changed, as the server answered it; applied to every item on screen. */
export type AdminChange =
  | { type: 'user'; user: AdminUser }
  | { type: 'post'; post: Post }
  | { type: 'profileReport'; report: ProfileReportItem }
  /** Every open report of the post moved to `status` (PUT /admin/reportpost/status, or hiding it). */
  | { type: 'postReports'; postId: string; status: ModerationStatus }
  | { type: 'appeal'; appeal: Appeal };

interface ListSpec<T> {
  /** The filters offered, the default first. */
  filters: readonly AdminFilter[];
  searchable: boolean;
  /** Whether the list filters by the admin who acted (the audit log). */
  byAdmin: boolean;
  key(item: T): string;
  belongs(item: T, filter: AdminFilter): boolean;
  apply(item: T, change: AdminChange): T;
}

const isOpen = (status: ModerationStatus) => (OPEN_STATUSES as readonly string[]).includes(status);
const reportFilter = (status: ModerationStatus, filter: AdminFilter) => (filter === null ? isOpen(status) : status === filter);
const REPORT_FILTERS = [null, 'pending', 'reviewing', 'resolved', 'dismissed'] as const;

const specs: { [K in AdminListKind]: ListSpec<AdminItems[K]> } = {
  users: {
    filters: [null],
    searchable: true,
    byAdmin: false,
    key: (user) => user._id,
    belongs: () => true,
    apply: (user, change) => (change.type === 'user' && change.user._id === user._id ? change.user : user),
  },
  bans: {
    filters: [null],
    searchable: false,
    byAdmin: false,
    key: (ban) => ban.user._id,
    // An unbanned member leaves the list of bans.
    belongs: (ban) => ban.user.isBanned,
    apply: (ban, change) => (change.type === 'user' && change.user._id === ban.user._id ? { ...ban, user: change.user } : ban),
  },
  profileReports: {
    filters: REPORT_FILTERS,
    searchable: false,
    byAdmin: false,
    key: (report) => report._id,
    belongs: (report, filter) => reportFilter(report.status, filter),
    apply: (report, change) => {
      if (change.type === 'profileReport' && change.report._id === report._id) return change.report;
      // A ban resolves the open reports about the member on the server; the list says so at once.
      if (change.type === 'user' && change.user._id === report.reported._id) {
        return { ...report, reported: change.user, status: change.user.isBanned && isOpen(report.status) ? 'resolved' : report.status };
      }
      return report;
    },
  },
  postReports: {
    filters: REPORT_FILTERS,
    searchable: false,
    byAdmin: false,
    key: (item) => item.post._id,
    belongs: (item, filter) => reportFilter(item.status, filter),
    apply: (item, change) => {
      if (change.type === 'post' && change.post._id === item.post._id) return { ...item, post: change.post };
      if (change.type === 'user' && change.user._id === item.author._id) return { ...item, author: change.user };
      // The server moves the post's open reports only: a closed case keeps its status.
      if (change.type === 'postReports' && change.postId === item.post._id && isOpen(item.status)) {
        return {
          ...item,
          status: change.status,
          reports: item.reports.map((report) => (isOpen(report.status) ? { ...report, status: change.status } : report)),
        };
      }
      return item;
    },
  },
  appeals: {
    filters: ['pending', 'approved', 'rejected', null],
    searchable: false,
    byAdmin: false,
    key: (appeal) => appeal._id,
    belongs: (appeal, filter) => filter === null || appeal.status === filter,
    apply: (appeal, change) => (change.type === 'appeal' && change.appeal._id === appeal._id ? change.appeal : appeal),
  },
  hiddenPosts: {
    filters: [null],
    searchable: false,
    byAdmin: false,
    key: (hidden) => hidden.post._id,
    // An unhidden post leaves the list of hidden posts.
    belongs: (hidden) => hidden.post.hidden,
    apply: (hidden, change) => {
      if (change.type === 'post' && change.post._id === hidden.post._id) return { ...hidden, post: change.post };
      if (change.type === 'user' && change.user._id === hidden.author._id) return { ...hidden, author: change.user };
      return hidden;
    },
  },
  // The log of admin actions: filtered by action, by admin and by target (the search); read-only.
  audit: {
    filters: [null, ...AUDIT_ACTIONS],
    searchable: true,
    byAdmin: true,
    key: (entry) => entry._id,
    belongs: (entry, filter) => filter === null || entry.action === filter,
    apply: (entry) => entry,
  },
};

const specOf = (kind: AdminListKind) => specs[kind] as unknown as ListSpec<AdminItem>;

export const filtersOf = (kind: AdminListKind): readonly AdminFilter[] => specs[kind].filters;
export const defaultFilterOf = (kind: AdminListKind): AdminFilter => specs[kind].filters[0];
export const isSearchable = (kind: AdminListKind) => specs[kind].searchable;
export const filtersByAdmin = (kind: AdminListKind) => specs[kind].byAdmin;
export const itemKey = <K extends AdminListKind>(kind: K, item: AdminItems[K] | AdminItem) => specOf(kind).key(item);
export const belongsUnder = <K extends AdminListKind>(kind: K, item: AdminItems[K], filter: AdminFilter) =>
  specOf(kind).belongs(item, filter);

/**
 * The items after an action: every change applied to every item (banning a member marks each of
 * their reports and posts on the page), then the items that left the filter dropped.
 */
export function applyChanges<K extends AdminListKind>(
  kind: K,
  items: AdminItems[K][],
  changes: AdminChange[],
  filter: AdminFilter,
): AdminItems[K][] {
  const spec = specOf(kind);
  return items
    .map((item) => changes.reduce((current, change) => spec.apply(current, change), item as AdminItem))
    .filter((item) => spec.belongs(item, filter)) as AdminItems[K][];
}
