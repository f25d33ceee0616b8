import { z } from 'zod';
import { userSummarySchema } from '../users/follows';
import { idSchema, postSchema } from '../posts/schemas';
import { cursorSchema, nextCursorSchema } from '../pages';
import { REPORT_REASONS, REPORT_DETAILS_MAX, REPORT_DETAILS_TOO_LONG, REPORT_REASON_INVALID } from './reports';

/**
 * Moderation: what members send (post reports, appeals) and the Admin API of spec section 7
 * (statistics, members, bans, report queues, appeals, hidden posts, the audit log), defined once
 * for client and server. docs/api.md ("Moderation") explains them; the spec's "hirepost" paths
 * mean hiding a post.
 */

// Limits

export const BAN_REASON_MAX = 500;
export const HIDE_REASON_MAX = 500;
export const APPEAL_MIN = 20;
export const APPEAL_MAX = 2000;
export const APPEAL_REPLY_MAX = 1000;
/** Every admin list (members, queues, bans, appeals, hidden posts) comes this many a page. */
export const ADMIN_PAGE_SIZE = 20;
/** Audit entries carried beside each report, ban and hidden post (the newest). */
export const ITEM_HISTORY_MAX = 5;
/** A member's admin page (GET /admin/member/{id}) shows their newest reports and posts, this many of each (and each "Show more"). */
export const MEMBER_ITEMS_MAX = 10;
/** Audit entries on the dashboard. */
export const DASHBOARD_ACTIONS = 20;
export const ADMIN_SEARCH_MAX = 100;

/** Per member: 10 reports (posts and profiles together) an hour, 3 appeals a day (429 with Retry-After over it). */
export const REPORT_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 } as const;
export const APPEAL_LIMIT = { max: 3, windowMs: 24 * 60 * 60 * 1000 } as const;

// Reasons and statuses

// The reports' reasons (one list for posts and members) and limits live in reports.ts (the streams page reads them without zod).
export { REPORT_REASONS, REPORT_REASON_LABELS, REPORT_DETAILS_MAX, reportReasonLabel, type ReportReason } from './reports';

/**
 * A report's life: `pending` (new), `reviewing` (a moderator took it), then `resolved` (acted on:
 * post hidden or member banned) or `dismissed` (no action). Queues list pending first, oldest first.
 */
export const MODERATION_STATUSES = ['pending', 'reviewing', 'resolved', 'dismissed'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];
/** The statuses a report is still open in (counted as "open reports"). */
export const OPEN_STATUSES = ['pending', 'reviewing'] as const satisfies readonly ModerationStatus[];

export const APPEAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** What an audit entry records. */
export const AUDIT_ACTIONS = [
  'ban',
  'unban',
  'hide',
  'unhide',
  'profileReport.status',
  'postReport.status',
  'appeal.approve',
  'appeal.reject',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGETS = ['user', 'post', 'profileReport', 'appeal'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

// Pieces

const reasonText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must not exceed ${max} characters`);

const statusSchema = z.enum(MODERATION_STATUSES, { error: `Status must be one of ${MODERATION_STATUSES.join(', ')}` });

/** One admin action, as the audit log keeps it. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  admin: userSummarySchema,
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGETS),
  targetId: z.string(),
  /** A short name of the target for lists: the member's username, or the first words of a post. */
  targetLabel: z.string(),
  /** The reason or reply the admin typed, or the new status; '' when none. */
  reason: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The shape of every admin list: one page of `ADMIN_PAGE_SIZE` items; `total` is null where counting would cost too much. */
const adminPage = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), hasMore: z.boolean(), total: z.number().int().nullable() });

// Params and queries

export const adminPageParamsSchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(100_000, 'Page must be at most 100000'),
});
/** ?status= of the report queues; absent: pending and reviewing (the open ones). */
export const reportQueueQuerySchema = z.object({ status: statusSchema.optional() }).strict();
export type ReportQueueQuery = z.input<typeof reportQueueQuerySchema>;
export const postReportQueueQuerySchema = reportQueueQuerySchema.extend({ page: adminPageParamsSchema.shape.page.default(1) }).strict();
export type PostReportQueueQuery = z.input<typeof postReportQueueQuerySchema>;
export const appealQueueQuerySchema = z
  .object({ status: z.enum(APPEAL_STATUSES, { error: `Status must be one of ${APPEAL_STATUSES.join(', ')}` }).optional() })
  .strict();
export type AppealQueueQuery = z.input<typeof appealQueueQuerySchema>;
/** ?search= of the members list: a username or e-mail, matched from its start, case-insensitively. */
export const adminUsersQuerySchema = z
  .object({
    search: z
      .string({ error: 'Search must be text' })
      .trim()
      .max(ADMIN_SEARCH_MAX, `Search must not exceed ${ADMIN_SEARCH_MAX} characters`)
      .optional(),
  })
  .strict();
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;
export const yearQuerySchema = z
  .object({
    year: z.coerce
      .number({ error: 'Year must be a whole number' })
      .int('Year must be a whole number')
      .min(2000, 'Year must be from 2000 to 2100')
      .max(2100, 'Year must be from 2000 to 2100')
      .optional(),
  })
  .strict();
export type YearQuery = z.input<typeof yearQuerySchema>;

// Member: post reports

/** POST /reportpost: not one's own post, once per member and post. */
export const reportPostBodySchema = z
  .object({
    postId: idSchema('Post'),
    reason: z.enum(REPORT_REASONS, { error: REPORT_REASON_INVALID }),
    details: z.string({ error: 'Details must be text' }).trim().max(REPORT_DETAILS_MAX, REPORT_DETAILS_TOO_LONG).default(''),
  })
  .strict();
export type ReportPostBody = z.input<typeof reportPostBodySchema>;

export const postReportSchema = z.object({
  _id: z.string(),
  postId: z.string(),
  reporter: userSummarySchema,
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: statusSchema,
  createdAt: z.string(),
});
export type PostReport = z.infer<typeof postReportSchema>;
export const reportPostResponseSchema = z.object({ message: z.string(), report: postReportSchema });
export type ReportPostResponse = z.infer<typeof reportPostResponseSchema>;

// Member: appeals

/** POST /appeal: a banned member asks for the ban to be reviewed; one open appeal per ban. */
export const appealBodySchema = z
  .object({
    message: z
      .string({ error: 'Appeal is required' })
      .trim()
      .min(APPEAL_MIN, `Appeal must be at least ${APPEAL_MIN} characters`)
      .max(APPEAL_MAX, `Appeal must not exceed ${APPEAL_MAX} characters`),
  })
  .strict();
export type AppealBody = z.input<typeof appealBodySchema>;

export const appealSchema = z.object({
  _id: z.string(),
  user: userSummarySchema,
  /** The ban this appeal is about: its reason and time, as they were when it was filed. */
  banReason: z.string(),
  bannedAt: z.string(),
  message: z.string(),
  status: z.enum(APPEAL_STATUSES),
  /** The admin's reply ('' until decided; required when rejecting). */
  reply: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: userSummarySchema.nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;
export const appealResponseSchema = z.object({ message: z.string(), appeal: appealSchema });
export type AppealResponse = z.infer<typeof appealResponseSchema>;

/**
 * GET /appeal (banned members too): the member's ban as it stands and their latest appeal about
 * it (null when none). `ban` is null for a member who is not banned; `appeal` may then still hold
 * the approved appeal that lifted their last ban.
 */
export const myAppealSchema = z.object({
  ban: z.object({ reason: z.string(), bannedAt: z.string() }).nullable(),
  appeal: appealSchema.nullable(),
});
export type MyAppeal = z.infer<typeof myAppealSchema>;

// Admin: statistics and dashboard

export const countSchema = z.object({ count: z.number().int() });
export type CountResponse = z.infer<typeof countSchema>;
/** GET /admin/statistic/user. */
export const userStatisticSchema = z.object({
  totalUsers: z.number().int(),
  newUsersToday: z.number().int(),
  bannedUsers: z.number().int(),
});
export type UserStatistic = z.infer<typeof userStatisticSchema>;
/** GET /admin/statistic/post: posts and questions together. */
export const postStatisticSchema = z.object({ totalPosts: z.number().int(), postsToday: z.number().int(), hiddenPosts: z.number().int() });
export type PostStatistic = z.infer<typeof postStatisticSchema>;
/** GET /admin/statistic/{user|post}permonth?year=: twelve UTC months, January first, zeros included. */
export const perMonthSchema = z.object({
  year: z.number().int(),
  months: z.array(z.object({ month: z.number().int().min(1).max(12), count: z.number().int() })),
});
export type PerMonth = z.infer<typeof perMonthSchema>;
/** GET /admin/statistic/{user|post}peryear: every UTC year from the first with data to this one, oldest first. */
export const perYearSchema = z.object({ years: z.array(z.object({ year: z.number().int(), count: z.number().int() })) });
export type PerYear = z.infer<typeof perYearSchema>;

/** The last twelve UTC months, the current one last, zeros included (the dashboard's sparklines). */
export const lastMonthsSchema = z.array(
  z.object({ year: z.number().int(), month: z.number().int().min(1).max(12), count: z.number().int() }),
);
export type LastMonths = z.infer<typeof lastMonthsSchema>;

/** GET /admin/dashboard (ours): every figure of the dashboard in one answer. */
export const dashboardSchema = z.object({
  users: userStatisticSchema,
  posts: postStatisticSchema,
  /** Sign-ups (admins left out) and posts of the last twelve months. */
  lastMonths: z.object({ users: lastMonthsSchema, posts: lastMonthsSchema }),
  openReports: z.object({ profiles: z.number().int(), posts: z.number().int() }),
  pendingAppeals: z.number().int(),
  recentActions: z.array(auditEntrySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// Admin: members and bans

export const adminUserSchema = userSummarySchema.extend({
  email: z.string(),
  role: z.enum(['USER', 'ADMIN']),
  createdAt: z.string(),
  postsCount: z.number().int(),
  isBanned: z.boolean(),
  banReason: z.string(),
  bannedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersPageSchema = adminPage(adminUserSchema);
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** POST /admin/banuser: never an admin, never oneself (403). */
export const banBodySchema = z.object({ userId: idSchema('User'), reason: reasonText('Reason', BAN_REASON_MAX) }).strict();
export type BanBody = z.input<typeof banBodySchema>;
/** POST /admin/unbanuser. */
export const unbanBodySchema = z.object({ userId: idSchema('User') }).strict();
export type UnbanBody = z.input<typeof unbanBodySchema>;
export const adminUserResponseSchema = z.object({ message: z.string(), user: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

export const banEntrySchema = z.object({
  user: adminUserSchema,
  reason: z.string(),
  bannedAt: z.string(),
  bannedBy: userSummarySchema.nullable(),
  history: z.array(auditEntrySchema),
});
export type BanEntry = z.infer<typeof banEntrySchema>;
export const bansPageSchema = adminPage(banEntrySchema);
export type BansPage = z.infer<typeof bansPageSchema>;

// Admin: report queues

/** GET /reportprofile/{page}?status=: one report of a member per item. */
export const profileReportItemSchema = z.object({
  _id: z.string(),
  reporter: userSummarySchema,
  reported: adminUserSchema,
  reason: z.string(),
  details: z.string(),
  status: statusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(auditEntrySchema),
});
export type ProfileReportItem = z.infer<typeof profileReportItemSchema>;
export const profileReportQueueSchema = adminPage(profileReportItemSchema);
export type ProfileReportQueue = z.infer<typeof profileReportQueueSchema>;
/** PUT /admin/reportprofile/status. */
export const profileReportStatusBodySchema = z.object({ reportId: idSchema('Report'), status: statusSchema }).strict();
export type ProfileReportStatusBody = z.input<typeof profileReportStatusBodySchema>;
export const profileReportStatusResponseSchema = z.object({ message: z.string(), report: profileReportItemSchema });
export type ProfileReportStatusResponse = z.infer<typeof profileReportStatusResponseSchema>;

/**
 * GET /reportpost?status=&page=: one item per reported post, holding that post's reports in the
 * status asked for (oldest first); the post as it is now (admins see every post, Private and
 * hidden included), with its author as the admin sees them.
 */
export const postReportCaseSchema = z.object({
  post: postSchema,
  author: adminUserSchema,
  status: statusSchema,
  reports: z.array(postReportSchema),
  firstReportedAt: z.string(),
  history: z.array(auditEntrySchema),
});
export type PostReportCase = z.infer<typeof postReportCaseSchema>;
export const postReportQueueSchema = adminPage(postReportCaseSchema);
export type PostReportQueue = z.infer<typeof postReportQueueSchema>;
/** PUT /admin/reportpost/status: moves every open (pending or reviewing) report of the post to `status`. */
export const postReportStatusBodySchema = z.object({ postId: idSchema('Post'), status: statusSchema }).strict();
export type PostReportStatusBody = z.input<typeof postReportStatusBodySchema>;
export const postReportStatusResponseSchema = z.object({
  message: z.string(),
  postId: z.string(),
  status: statusSchema,
  changed: z.number().int(),
});
export type PostReportStatusResponse = z.infer<typeof postReportStatusResponseSchema>;

// Admin: appeals

export const appealsPageSchema = adminPage(appealSchema);
export type AppealsPage = z.infer<typeof appealsPageSchema>;
/** PUT /admin/appeal/status: approving unbans the member; rejecting needs a reply. */
export const appealStatusBodySchema = z
  .object({
    appealId: idSchema('Appeal'),
    status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
    reply: z
      .string({ error: 'Reply must be text' })
      .trim()
      .max(APPEAL_REPLY_MAX, `Reply must not exceed ${APPEAL_REPLY_MAX} characters`)
      .default(''),
  })
  .strict()
  .refine((body) => body.status !== 'rejected' || body.reply.length > 0, {
    message: 'A reply is required to reject an appeal',
    path: ['reply'],
  });
export type AppealStatusBody = z.input<typeof appealStatusBodySchema>;

// Admin: hidden posts

/** POST /admin/hirepost: hides the post from everyone but admins and its author, and resolves its open reports. */
export const hidePostBodySchema = z.object({ postId: idSchema('Post'), reason: reasonText('Reason', HIDE_REASON_MAX) }).strict();
export type HidePostBody = z.input<typeof hidePostBodySchema>;
/** POST /admin/unhirepost. */
export const unhidePostBodySchema = z.object({ postId: idSchema('Post') }).strict();
export type UnhidePostBody = z.input<typeof unhidePostBodySchema>;
export const hiddenPostSchema = z.object({
  post: postSchema,
  author: adminUserSchema,
  reason: z.string(),
  hiddenAt: z.string(),
  hiddenBy: userSummarySchema.nullable(),
  history: z.array(auditEntrySchema),
});
export type HiddenPost = z.infer<typeof hiddenPostSchema>;
export const hiddenPostsPageSchema = adminPage(hiddenPostSchema);
export type HiddenPostsPage = z.infer<typeof hiddenPostsPageSchema>;
export const hidePostResponseSchema = z.object({ message: z.string(), post: postSchema });
export type HidePostResponse = z.infer<typeof hidePostResponseSchema>;

// Admin: the audit log

/**
 * ?action=&admin=&target= of GET /admin/audit/{page}, each optional (absent: any), combined with
 * AND. `action`: one of AUDIT_ACTIONS. `admin`: the id of the admin who acted (the page's answer
 * lists the admins to choose from). `target`: what the entry is about, matched exactly against
 * its subject: a member's username (case-insensitive) or a member's or post's id, so a member's
 * bans, unbans, reports about them and appeals, or a post's hides, unhides and report statuses.
 * Each filter reads an index (action, admin, subject) newest first.
 */
export const auditQuerySchema = z
  .object({
    action: z.enum(AUDIT_ACTIONS, { error: `Action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
    admin: idSchema('Admin').optional(),
    target: z
      .string({ error: 'Target must be text' })
      .trim()
      .min(1, 'Target must not be empty')
      .max(ADMIN_SEARCH_MAX, `Target must not exceed ${ADMIN_SEARCH_MAX} characters`)
      .optional(),
  })
  .strict();
export type AuditQuery = z.input<typeof auditQuerySchema>;

/**
 * GET /admin/audit/{page} (ours): the log under the filters, newest first, and the admins the
 * `admin` filter can name (every admin account, by username; a handful).
 */
export const auditPageSchema = adminPage(auditEntrySchema).extend({ admins: z.array(userSummarySchema) });
export type AuditPage = z.infer<typeof auditPageSchema>;

// Sockets

/** The `banned` socket event, sent to every socket of a member just banned, before they are closed. */
export const bannedPayloadSchema = z.object({ reason: z.string(), bannedAt: z.string() });
export type BannedPayload = z.infer<typeof bannedPayloadSchema>;

// Labels (the admin pages' filters and badges)

export const MODERATION_STATUS_LABELS: Record<ModerationStatus, string> = {
  pending: 'Pending',
  reviewing: 'Reviewing',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};
export const APPEAL_STATUS_LABELS: Record<AppealStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
/** The audit log's action filter. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  ban: 'Ban',
  unban: 'Unban',
  hide: 'Hide post',
  unhide: 'Unhide post',
  'profileReport.status': 'Member report status',
  'postReport.status': 'Post report status',
  'appeal.approve': 'Appeal approved',
  'appeal.reject': 'Appeal rejected',
};

// Admin: one member

/** GET /admin/member/{id}: the params. */
export const adminMemberParamsSchema = z.object({ id: idSchema('User') });

/**
 * GET /admin/member/{id} (ours): a member as the admin area sees them, for their admin page: the
 * account and its ban, the newest reports about them and their newest posts (MEMBER_ITEMS_MAX each,
 * Private and hidden posts included), and the first page of the audit log about them.
 */
export const adminMemberSchema = z.object({
  user: adminUserSchema,
  /** Who banned them (null when not banned, or the admin account is gone). */
  bannedBy: userSummarySchema.nullable(),
  /** Reports about them still open (pending or reviewing). */
  openReports: z.number().int(),
  reports: z.array(profileReportItemSchema),
  /** Where GET /admin/member/{id}/reports goes on (null: these are all). */
  reportsNextCursor: nextCursorSchema,
  posts: z.array(postSchema),
  /** Where GET /admin/member/{id}/posts goes on (null: these are all). */
  postsNextCursor: nextCursorSchema,
  /** The audit log about them, newest first (its first page: the rest under GET /admin/audit/{page}?target=). */
  history: z.array(auditEntrySchema),
  historyHasMore: z.boolean(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

/** GET /admin/member/{id}/reports and /posts: older than the cursor (a `nextCursor` of the page before). */
export const adminMemberMoreQuerySchema = z.object({ cursor: cursorSchema }).strict();

/** GET /admin/member/{id}/reports: the next MEMBER_ITEMS_MAX reports about the member, newest first. */
export const adminMemberReportsSchema = z.object({ reports: z.array(profileReportItemSchema), nextCursor: nextCursorSchema });
export type AdminMemberReports = z.infer<typeof adminMemberReportsSchema>;

/** GET /admin/member/{id}/posts: the next MEMBER_ITEMS_MAX posts by the member, newest first. */
export const adminMemberPostsSchema = z.object({ posts: z.array(postSchema), nextCursor: nextCursorSchema });
export type AdminMemberPosts = z.infer<typeof adminMemberPostsSchema>;
