import type { UserSummary } from '../../../src/api/users/follows';
import type {
  AdminMember,
  AdminUser,
  Appeal,
  AuditEntry,
  BanEntry,
  Dashboard,
  HiddenPost,
  PostReport,
  PostReportCase,
  ProfileReportItem,
} from '../../../src/api/moderation';
import type { AdminPage } from '../../../src/machines/admin/adminLists';
import { post } from '../../fixtures/streams';

/** The Admin API's answers as the contract shapes them (src/api/moderation/schemas.ts), for machine and view tests. */

export const summary = (id: string, username: string): UserSummary => ({
  _id: id,
  username,
  avatarColor: '#1e88e5',
  avatarImage: '',
  profilePicture: '',
});
export const root = summary('a1', 'root');

export function adminUser(id: string, username: string, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    ...summary(id, username),
    email: `${username}@example.com`,
    role: 'USER',
    createdAt: '2025-01-02T09:00:00.000Z',
    postsCount: 3,
    isBanned: false,
    banReason: '',
    bannedAt: null,
    ...overrides,
  };
}

export const banned = (user: AdminUser, reason = 'Spam'): AdminUser => ({
  ...user,
  isBanned: true,
  banReason: reason,
  bannedAt: '2025-03-01T12:00:00.000Z',
});

export function audit(id: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: id,
    admin: root,
    action: 'ban',
    targetType: 'user',
    targetId: 'u2',
    targetLabel: 'ben',
    reason: 'Spam',
    createdAt: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export function banEntry(user: AdminUser, overrides: Partial<BanEntry> = {}): BanEntry {
  const b = user.isBanned ? user : banned(user);
  return { user: b, reason: b.banReason, bannedAt: b.bannedAt!, bannedBy: root, history: [], ...overrides };
}

export function profileReport(id: string, reported: AdminUser, overrides: Partial<ProfileReportItem> = {}): ProfileReportItem {
  return {
    _id: id,
    reporter: summary('u7', 'cleo'),
    reported,
    reason: 'Impersonation',
    details: 'Pretends to be me',
    status: 'pending',
    createdAt: '2025-02-01T08:00:00.000Z',
    updatedAt: '2025-02-01T08:00:00.000Z',
    history: [],
    ...overrides,
  };
}

export function postReport(id: string, postId: string, overrides: Partial<PostReport> = {}): PostReport {
  return {
    _id: id,
    postId,
    reporter: summary('u7', 'cleo'),
    reason: 'spam',
    details: '',
    status: 'pending',
    createdAt: '2025-02-01T08:00:00.000Z',
    ...overrides,
  };
}

export function postCase(postId: string, author: AdminUser, overrides: Partial<PostReportCase> = {}): PostReportCase {
  const status = overrides.status ?? 'pending';
  return {
    post: post({ _id: postId, post: `Buy cheap watches ${postId}`, userId: author._id, username: author.username }),
    author,
    status,
    reports: [postReport(`r-${postId}`, postId, { status })],
    firstReportedAt: '2025-02-01T08:00:00.000Z',
    history: [],
    ...overrides,
  };
}

export function appeal(id: string, user: UserSummary, overrides: Partial<Appeal> = {}): Appeal {
  return {
    _id: id,
    user,
    banReason: 'Spam',
    bannedAt: '2025-03-01T12:00:00.000Z',
    message: 'I was hacked, the spam was not me. Please let me back in.',
    status: 'pending',
    reply: '',
    createdAt: '2025-03-02T12:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    ...overrides,
  };
}

export function hiddenPost(postId: string, author: AdminUser, overrides: Partial<HiddenPost> = {}): HiddenPost {
  return {
    post: post({
      _id: postId,
      post: `Hidden words ${postId}`,
      userId: author._id,
      username: author.username,
      hidden: true,
      hiddenReason: 'Hate speech',
    }),
    author,
    reason: 'Hate speech',
    hiddenAt: '2025-03-03T12:00:00.000Z',
    hiddenBy: root,
    history: [],
    ...overrides,
  };
}

export const page = <T>(items: T[], overrides: Partial<AdminPage<T>> = {}): AdminPage<T> => ({
  items,
  page: 1,
  hasMore: false,
  total: items.length,
  ...overrides,
});

/** Twelve months ending March 2025, with these counts. */
export const lastMonths = (counts: number[]) =>
  counts.map((count, i) => {
    const d = new Date(Date.UTC(2024, 3 + i, 1));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, count };
  });

export function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    users: { totalUsers: 1234, newUsersToday: 5, bannedUsers: 7 },
    posts: { totalPosts: 56789, postsToday: 42, hiddenPosts: 3 },
    lastMonths: {
      users: lastMonths([3, 5, 8, 2, 0, 4, 9, 12, 7, 6, 10, 5]),
      posts: lastMonths([40, 52, 61, 38, 45, 70, 66, 80, 72, 90, 85, 42]),
    },
    openReports: { profiles: 4, posts: 9 },
    pendingAppeals: 2,
    recentActions: [
      audit('e1'),
      audit('e2', { action: 'hide', targetType: 'post', targetId: 'p1', targetLabel: 'Buy cheap watches', reason: 'Spam' }),
    ],
    ...overrides,
  };
}

// Members used across the admin tests.
export const ben = adminUser('u2', 'ben');
export const cleo = adminUser('u7', 'cleo');
export const dora = adminUser('u3', 'dora');
export const otherAdmin = adminUser('a2', 'mod', { role: 'ADMIN' });

/** GET /admin/member/{id}: ben, banned by root, two reports about him, two posts (one Private and hidden), his audit log. */
export function adminMember(overrides: Partial<AdminMember> = {}): AdminMember {
  const user = banned(ben, 'Spamming the streams');
  return {
    user,
    bannedBy: root,
    openReports: 1,
    reports: [
      profileReport('pr2', user, { reason: 'Rude', details: 'in chat', status: 'pending', reporter: summary('u7', 'cleo') }),
      profileReport('pr1', user, { reason: 'Spam', status: 'resolved', reporter: summary('u3', 'dora') }),
    ],
    posts: [
      post({
        _id: 'p2',
        post: 'Buy cheap watches',
        userId: user._id,
        username: user.username,
        privacy: 'Private',
        hidden: true,
        hiddenReason: 'Spam',
      }),
      post({ _id: 'p1', post: 'Hello everyone', userId: user._id, username: user.username }),
    ],
    reportsNextCursor: null,
    postsNextCursor: null,
    history: [audit('e1', { targetId: user._id, targetLabel: user.username, reason: 'Spamming the streams' })],
    historyHasMore: false,
    ...overrides,
  };
}
