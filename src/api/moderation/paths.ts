import { path } from '../path';

/** Moderation: what members send, and the Admin API of spec section 7: this area's part of the one path table (src/api/paths.ts). */
export const moderationPaths = {
  /** Moderation (src/api/moderation.ts): what members send, and the Admin API of spec section 7. */
  moderation: {
    reportPost: '/reportpost',
    /** Admins: the post report queue, one item per reported post. */
    postReports: path('/reportpost').query<{ status?: string; page?: number }>(),
    appeal: '/appeal',
  },
  admin: {
    dashboard: '/admin/dashboard',
    newUsersToday: '/admin/newusertoday',
    postCount: '/admin/getpostcount',
    userStatistic: '/admin/statistic/user',
    userPerYear: '/admin/statistic/userperyear',
    userPerMonth: path('/admin/statistic/userpermonth').query<{ year?: number }>(),
    postStatistic: '/admin/statistic/post',
    postPerYear: '/admin/statistic/postperyear',
    postPerMonth: path('/admin/statistic/postpermonth').query<{ year?: number }>(),
    users: path('/admin/users/all/:page').query<{ search?: string }>(),
    /** One member's admin page (ours). */
    member: path('/admin/member/:id'),
    /** The member page's older reports about them and posts by them, a cursor at a time (ours). */
    memberReports: path('/admin/member/:id/reports').query<{ cursor?: string }>(),
    memberPosts: path('/admin/member/:id/posts').query<{ cursor?: string }>(),
    bans: path('/admin/banuser/:page'),
    ban: '/admin/banuser',
    unban: '/admin/unbanuser',
    profileReportStatus: '/admin/reportprofile/status',
    postReportStatus: '/admin/reportpost/status',
    appeals: path('/admin/appeal/:page').query<{ status?: string }>(),
    appealStatus: '/admin/appeal/status',
    /** The spec's "hirepost" is hiding a post. */
    hiddenPosts: path('/admin/hirepost/:page'),
    hide: '/admin/hirepost',
    unhide: '/admin/unhirepost',
    audit: path('/admin/audit/:page').query<{ action?: string; admin?: string; target?: string }>(),
  },
} as const;
