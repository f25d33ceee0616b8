import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { AppealStatus, AuditAction, ModerationStatus } from '../../api/moderation';
import { adminActionMachine, type AdminActionRequest, type AdminActionResult } from '../../machines/admin/adminAction.machine';
import { adminChartMachine, type ChartSubject } from '../../machines/admin/adminChart.machine';
import { adminDashboardMachine } from '../../machines/admin/adminDashboard.machine';
import { adminMemberMachine } from '../../machines/admin/adminMember.machine';
import { adminListMachine } from '../../machines/admin/adminList.machine';
import type { AdminPage, AdminPageRequest } from '../../machines/admin/adminLists';
import { clientOf } from '../shell/api';
import { changePasswordLogic } from '../auth/changePassword';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { createModerationApi } from '../../api/moderation/client';
import { createUsersApi } from '../../api/users/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'moderation' | 'admin' | 'follows' | 'users'>;

const defaultApi: Calls = clientOf(createModerationApi, createUsersApi);

/** One page of an admin list, from its route (src/api/moderation/client.ts). */
export function fetchAdminPage(api: Calls, { kind, page, filter, search, adminId }: AdminPageRequest): Promise<AdminPage> {
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
    case 'audit':
      return api.admin.audit(page, { action: status as AuditAction | undefined, admin: adminId ?? undefined, target: search || undefined });
  }
}

/**
 * An admin action's request, and what it changed as list changes. Banning a member (from the
 * members list or from a report about them) resolves the open reports about them on the server,
 * and hiding a post resolves its open reports: the lists are told so too (adminLists.ts).
 */
export async function performAdminAction(api: Calls, { action, reason }: AdminActionRequest): Promise<AdminActionResult> {
  switch (action.type) {
    case 'ban': {
      const { message, user } = await api.admin.ban({ userId: action.userId, reason });
      return { message, changes: [{ type: 'user', user }] };
    }
    case 'unban': {
      const { message, user } = await api.admin.unban({ userId: action.userId });
      return { message, changes: [{ type: 'user', user }] };
    }
    case 'hide': {
      const { message, post } = await api.admin.hide({ postId: action.postId, reason });
      return {
        message,
        changes: [
          { type: 'post', post },
          { type: 'postReports', postId: action.postId, status: 'resolved' },
        ],
      };
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
export function adminLogic(app: HasSystem, { api = defaultApi }: { api?: Calls } = {}) {
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
    member: adminMemberMachine.provide({
      actors: {
        fetchMember: fromPromise(({ input }: { input: { userId: string } }) => api.admin.member(input.userId)),
        fetchMoreReports: fromPromise(({ input }: { input: { userId: string; cursor: string } }) =>
          api.admin.memberReports(input.userId, input.cursor),
        ),
        fetchMorePosts: fromPromise(({ input }: { input: { userId: string; cursor: string } }) =>
          api.admin.memberPosts(input.userId, input.cursor),
        ),
        action: adminActionMachine.provide({
          actors: { perform: fromPromise(({ input }: { input: AdminActionRequest }) => performAdminAction(api, input)) },
        }),
      },
      actions: { showToast: bridge.showToast },
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
    password: changePasswordLogic(api, bridge),
  };
}
export type AdminLogic = ReturnType<typeof adminLogic>;
