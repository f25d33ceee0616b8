import type { $Fetch } from 'ofetch';
import type {
  AdminMember,
  AdminMemberPosts,
  AdminMemberReports,
  AdminUserResponse,
  AdminUsersPage,
  AppealBody,
  AppealResponse,
  AppealStatusBody,
  AppealsPage,
  AppealStatus,
  AuditPage,
  AuditQuery,
  BanBody,
  BansPage,
  CountResponse,
  Dashboard,
  HiddenPostsPage,
  HidePostBody,
  HidePostResponse,
  ModerationStatus,
  MyAppeal,
  PerMonth,
  PerYear,
  PostReportQueue,
  PostReportStatusBody,
  PostReportStatusResponse,
  PostStatistic,
  ProfileReportQueue,
  ProfileReportStatusBody,
  ProfileReportStatusResponse,
  ReportPostBody,
  ReportPostResponse,
  UnbanBody,
  UnhidePostBody,
  UserStatistic,
} from './schemas';
import { moderationPaths } from './paths';
import { usersPaths } from '../users/paths';

const paths = { ...moderationPaths, users: usersPaths.users };

/** The moderation part of the typed client: post reports and appeals (members), the Admin API (admins). */
export function createModerationApi(http: $Fetch) {
  const post = <T>(path: string, body: object) => http<T>(path, { method: 'POST', body });
  const put = <T>(path: string, body: object) => http<T>(path, { method: 'PUT', body });
  return {
    moderation: {
      reportPost: (body: ReportPostBody) => post<ReportPostResponse>(paths.moderation.reportPost, body),
      appeal: (body: AppealBody) => post<AppealResponse>(paths.moderation.appeal, body),
      myAppeal: () => http<MyAppeal>(paths.moderation.appeal),
    },
    admin: {
      dashboard: () => http<Dashboard>(paths.admin.dashboard),
      newUsersToday: () => http<CountResponse>(paths.admin.newUsersToday),
      postCount: () => http<CountResponse>(paths.admin.postCount),
      userStatistic: () => http<UserStatistic>(paths.admin.userStatistic),
      userPerYear: () => http<PerYear>(paths.admin.userPerYear),
      userPerMonth: (year?: number) => http<PerMonth>(paths.admin.userPerMonth({ year })),
      postStatistic: () => http<PostStatistic>(paths.admin.postStatistic),
      postPerYear: () => http<PerYear>(paths.admin.postPerYear),
      postPerMonth: (year?: number) => http<PerMonth>(paths.admin.postPerMonth({ year })),
      users: (page: number, search?: string) => http<AdminUsersPage>(paths.admin.users(page, { search })),
      member: (id: string) => http<AdminMember>(paths.admin.member(id)),
      memberReports: (id: string, cursor: string) => http<AdminMemberReports>(paths.admin.memberReports(id, { cursor })),
      memberPosts: (id: string, cursor: string) => http<AdminMemberPosts>(paths.admin.memberPosts(id, { cursor })),
      bans: (page: number) => http<BansPage>(paths.admin.bans(page)),
      ban: (body: BanBody) => post<AdminUserResponse>(paths.admin.ban, body),
      unban: (body: UnbanBody) => post<AdminUserResponse>(paths.admin.unban, body),
      profileReports: (page: number, status?: ModerationStatus) => http<ProfileReportQueue>(paths.users.reports(page, { status })),
      profileReportStatus: (body: ProfileReportStatusBody) => put<ProfileReportStatusResponse>(paths.admin.profileReportStatus, body),
      postReports: (page: number, status?: ModerationStatus) => http<PostReportQueue>(paths.moderation.postReports({ page, status })),
      postReportStatus: (body: PostReportStatusBody) => put<PostReportStatusResponse>(paths.admin.postReportStatus, body),
      appeals: (page: number, status?: AppealStatus) => http<AppealsPage>(paths.admin.appeals(page, { status })),
      appealStatus: (body: AppealStatusBody) => put<AppealResponse>(paths.admin.appealStatus, body),
      hiddenPosts: (page: number) => http<HiddenPostsPage>(paths.admin.hiddenPosts(page)),
      hide: (body: HidePostBody) => post<HidePostResponse>(paths.admin.hide, body),
      unhide: (body: UnhidePostBody) => post<HidePostResponse>(paths.admin.unhide, body),
      audit: (page: number, filters: AuditQuery = {}) => http<AuditPage>(paths.admin.audit(page, filters)),
    },
  };
}

export type ModerationApi = ReturnType<typeof createModerationApi>;
