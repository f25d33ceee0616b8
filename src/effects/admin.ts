import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client';
import type { AppealStatus, ModerationStatus } from '../api/moderation';
import type { ChangePasswordBody } from '../api/users';
import { adminActionMachine, type AdminActionRequest, type AdminActionResult } from '../machines/adminAction.machine';
import { adminChartMachine, type ChartSubject } from '../machines/adminChart.machine';
import { adminDashboardMachine } from '../machines/adminDashboard.machine';
import { adminListMachine } from '../machines/adminList.machine';
import type { AdminChange, AdminPage, AdminPageRequest } from '../machines/adminLists';
import { changePasswordMachine } from '../machines/changePassword.machine';
import { failureText } from '../machines/failure';
import { api as defaultApi } from './api';
import { bridgeActions, type HasSystem } from './auth';

/** One page of an admin list, from its route (src/api/moderationClient.ts). */
export function fetchAdminPage(api: ApiClient, { kind, page, filter, search }: AdminPageRequest): Promise<AdminPage> {
  const status = filter ?? undefined;
  switch (kind) {
    case 'users':
      return api.admin.users(page, search || undefined);
    case 'bans':
      return api.admin.bans(page);
    case 'profileReports':
      return api.admin.profileReports(page, status as ModerationStatus | undefined);
    case 'postReports':
      return api.admin.postReports(page, status as ModerationStatus | undefined);
    case 'appeals':
      return api.admin.appeals(page, status as AppealStatus | undefined);
    case 'hiddenPosts':
      return api.admin.hiddenPosts(page);
  }
}

export const REPORT_NOT_RESOLVED = 'The member is banned, but the report could not be marked resolved';

/**
 * An admin action's request(s), and what they changed as list changes. Banning from a profile
 * report also resolves that report (a second request); when only the ban goes through, the
 * answer says so as a warning rather than failing (the ban stands: trying again would be a 409).
 * Hiding a post resolves its open reports on the server; the list is told so too.
 */
export async function performAdminAction(api: ApiClient, { action, reason }: AdminActionRequest): Promise<AdminActionResult> {
  switch (action.type) {
    case 'ban': {
      const { message, user } = await api.admin.ban({ userId: action.userId, reason });
      const changes: AdminChange[] = [{ type: 'user', user }];
      if (!action.reportId) return { message, changes };
      try {
        const { report } = await api.admin.profileReportStatus({ reportId: action.reportId, status: 'resolved' });
        return { message, changes: [...changes, { type: 'profileReport', report }] };
      } catch (error) {
        return { message, changes, warning: `${REPORT_NOT_RESOLVED}: ${failureText(error, 'please try again')}` };
      }
    }
    case 'unban': {
      const { message, user } = await api.admin.unban({ userId: action.userId });
      return { message, changes: [{ type: 'user', user }] };
    }
    case 'hide': {
      const { message, post } = await api.admin.hide({ postId: action.postId, reason });
      return { message, changes: [{ type: 'post', post }, { type: 'postReports', postId: action.postId, status: 'resolved' }] };
    }
    case 'unhide': {
      const { message, post } = await api.admin.unhide({ postId: action.postId });
      return { message, changes: [{ type: 'post', post }] };
    }
    case 'profileReportStatus': {
      const { message, report } = await api.admin.profileReportStatus({ reportId: action.reportId, status: action.status });
      return { message, changes: [{ type: 'profileReport', report }] };
    }
    case 'postReportStatus': {
      const answer = await api.admin.postReportStatus({ postId: action.postId, status: action.status });
      return { message: answer.message, changes: [{ type: 'postReports', postId: answer.postId, status: answer.status }] };
    }
    case 'appealDecision': {
      const { message, appeal } = await api.admin.appealStatus({ appealId: action.appealId, status: action.status, reply: reason });
      return { message, changes: [{ type: 'appeal', appeal }] };
    }
  }
}

/** The admin pages' machines with their real effects, bound to one app actor. */
export function adminLogic(app: HasSystem, { api = defaultApi }: { api?: ApiClient } = {}) {
  const bridge = bridgeActions(app);
  return {
    list: adminListMachine.provide({
      actors: {
        fetchPage: fromPromise(({ input }: { input: AdminPageRequest }) => fetchAdminPage(api, input)),
        action: adminActionMachine.provide({
          actors: { perform: fromPromise(({ input }: { input: AdminActionRequest }) => performAdminAction(api, input)) },
        }),
      },
      actions: { showToast: bridge.showToast },
    }),
    dashboard: adminDashboardMachine.provide({
      actors: { fetchDashboard: fromPromise(() => api.admin.dashboard()) },
    }),
    chart: adminChartMachine.provide({
      actors: {
        fetchYears: fromPromise(({ input }: { input: { subject: ChartSubject } }) =>
          input.subject === 'posts' ? api.admin.postPerYear() : api.admin.userPerYear(),
        ),
        fetchMonths: fromPromise(({ input }: { input: { subject: ChartSubject; year: number } }) =>
          input.subject === 'posts' ? api.admin.postPerMonth(input.year) : api.admin.userPerMonth(input.year),
        ),
      },
    }),
    password: changePasswordMachine.provide({
      actors: { changePassword: fromPromise(({ input }: { input: ChangePasswordBody }) => api.users.changePassword(input)) },
      actions: { loggedIn: bridge.login },
    }),
  };
}
export type AdminLogic = ReturnType<typeof adminLogic>;
