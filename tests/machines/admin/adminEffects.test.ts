import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, waitFor, type AnyActorRef } from 'xstate';
import { createApiClient } from '../../../src/api/client';
import { adminLogic, fetchAdminPage, performAdminAction } from '../../../src/effects/admin/admin';
import type { AdminAction } from '../../../src/machines/admin/adminAction.machine';
import type { AdminListKind, AdminPageRequest } from '../../../src/machines/admin/adminLists';
import { admin } from '../../fixtures/auth';
import { appeal, banned, ben, dora, page, postCase, profileReport } from './adminFixtures';

/**
 * The server as the browser's fetch sees it: each `METHOD /path?query` answers its recorded
 * body (4xx as the error shape). The typed client, ofetch and its error handling are real.
 */
function fakeServer(answers: Record<string, (body: unknown) => { status?: number; body: unknown }>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://stoa.test');
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const key = `${method} ${url.pathname.replace('/api/v1', '')}${url.search}`;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, body });
    const answer = answers[key]?.(body) ?? { status: 404, body: { message: 'Not found', statusCode: 404 } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  const api = createApiClient({ baseURL: 'http://stoa.test', getToken: () => 'admin-token', fetch: fetch as never });
  return { api, calls };
}

/** An app system whose `toasts` and `session` actors record what they are sent. */
function recordingApp() {
  const received: Record<string, unknown[]> = { toasts: [], session: [] };
  const recorder = (id: string) =>
    createActor(createMachine({ on: { '*': { actions: ({ event }) => void received[id].push(event) } } })).start();
  const actors: Record<string, AnyActorRef> = { toasts: recorder('toasts'), session: recorder('session') };
  return { app: { system: { get: (id: string) => actors[id] } }, received };
}

const request = (kind: AdminListKind, overrides: Partial<AdminPageRequest> = {}): AdminPageRequest => ({
  kind,
  page: 2,
  filter: null,
  search: '',
  adminId: null,
  ...overrides,
});

describe('admin effects: reading the lists', () => {
  it('asks each list its route, page, filter and search', async () => {
    const routes = [
      ['GET /admin/users/all/2', request('users')],
      ['GET /admin/users/all/2?search=be', request('users', { search: 'be' })],
      ['GET /admin/banuser/2', request('bans')],
      ['GET /reportprofile/2', request('profileReports')],
      ['GET /reportprofile/2?status=resolved', request('profileReports', { filter: 'resolved' })],
      ['GET /reportpost?page=2', request('postReports')],
      ['GET /reportpost?page=2&status=dismissed', request('postReports', { filter: 'dismissed' })],
      ['GET /admin/appeal/2?status=pending', request('appeals', { filter: 'pending' })],
      ['GET /admin/appeal/2', request('appeals')],
      ['GET /admin/hirepost/2', request('hiddenPosts')],
      ['GET /admin/audit/2', request('audit')],
      // The audit log: the action filter, the admin and the target (the search box).
      ['GET /admin/audit/2?action=ban&admin=a1&target=ben', request('audit', { filter: 'ban', adminId: 'a1', search: 'ben' })],
      ['GET /admin/audit/2?action=appeal.reject', request('audit', { filter: 'appeal.reject' })],
    ] as const;
    const { api, calls } = fakeServer(Object.fromEntries(routes.map(([key]) => [key, () => ({ body: page([]) })])));
    for (const [, r] of routes) expect(await fetchAdminPage(api, r)).toEqual(page([]));
    expect(calls.map((c) => c.key)).toEqual(routes.map(([key]) => key));
  });
});

describe('admin effects: actions', () => {
  const ben2 = banned(ben, 'Spam links');
  const report = profileReport('0190a5f0-0000-7000-8000-000000000001', ben);
  const ok = (body: unknown) => () => ({ body });

  it('bans, unbans, hides, unhides, sets report statuses and decides appeals with the bodies of the contract', async () => {
    const c = postCase('p1', ben);
    const hidden = { ...c.post, hidden: true, hiddenReason: 'Spam' };
    const approved = appeal('ap1', ben, { status: 'approved', reply: 'Welcome back' });
    const { api, calls } = fakeServer({
      'POST /admin/banuser': ok({ message: 'ben was banned', user: ben2 }),
      'POST /admin/unbanuser': ok({ message: 'ben was unbanned', user: ben }),
      'POST /admin/hirepost': ok({ message: 'Post hidden', post: hidden }),
      'POST /admin/unhirepost': ok({ message: 'Post unhidden', post: c.post }),
      'PUT /admin/reportprofile/status': ok({ message: 'Report updated', report: { ...report, status: 'dismissed' } }),
      'PUT /admin/reportpost/status': ok({ message: 'Reports updated', postId: 'p1', status: 'reviewing', changed: 1 }),
      'PUT /admin/appeal/status': ok({ message: 'Appeal approved', appeal: approved }),
    });
    const run = (action: AdminAction, reason = '') => performAdminAction(api, { action, reason });
    expect(await run({ type: 'ban', userId: 'u2', username: 'ben' }, 'Spam links')).toEqual({
      message: 'ben was banned',
      changes: [{ type: 'user', user: ben2 }],
    });
    expect(await run({ type: 'unban', userId: 'u2', username: 'ben' })).toEqual({
      message: 'ben was unbanned',
      changes: [{ type: 'user', user: ben }],
    });
    expect(await run({ type: 'hide', postId: 'p1', label: 'Buy' }, 'Spam')).toEqual({
      message: 'Post hidden',
      changes: [
        { type: 'post', post: hidden },
        { type: 'postReports', postId: 'p1', status: 'resolved' },
      ],
    });
    expect(await run({ type: 'unhide', postId: 'p1', label: 'Buy' })).toEqual({
      message: 'Post unhidden',
      changes: [{ type: 'post', post: c.post }],
    });
    expect((await run({ type: 'profileReportStatus', reportId: report._id, username: 'ben', status: 'dismissed' })).changes).toEqual([
      { type: 'profileReport', report: { ...report, status: 'dismissed' } },
    ]);
    expect(await run({ type: 'postReportStatus', postId: 'p1', label: 'Buy', status: 'reviewing' })).toEqual({
      message: 'Reports updated',
      changes: [{ type: 'postReports', postId: 'p1', status: 'reviewing' }],
    });
    expect(await run({ type: 'appealDecision', appealId: 'ap1', username: 'ben', status: 'approved' }, 'Welcome back')).toEqual({
      message: 'Appeal approved',
      changes: [{ type: 'appeal', appeal: approved }],
    });
    expect(calls.map((call) => [call.key, call.body])).toEqual([
      ['POST /admin/banuser', { userId: 'u2', reason: 'Spam links' }],
      ['POST /admin/unbanuser', { userId: 'u2' }],
      ['POST /admin/hirepost', { postId: 'p1', reason: 'Spam' }],
      ['POST /admin/unhirepost', { postId: 'p1' }],
      ['PUT /admin/reportprofile/status', { reportId: report._id, status: 'dismissed' }],
      ['PUT /admin/reportpost/status', { postId: 'p1', status: 'reviewing' }],
      ['PUT /admin/appeal/status', { appealId: 'ap1', status: 'approved', reply: 'Welcome back' }],
    ]);
  });

  it('bans from a report with the ban alone: the server resolves the open reports about the member', async () => {
    const { api, calls } = fakeServer({ 'POST /admin/banuser': ok({ message: 'ben was banned', user: ben2 }) });
    const action: AdminAction = { type: 'ban', userId: 'u2', username: 'ben', reportId: report._id };
    expect(await performAdminAction(api, { action, reason: 'Spam links' })).toEqual({
      message: 'ben was banned',
      changes: [{ type: 'user', user: ben2 }],
    });
    expect(calls.map((c) => c.key)).toEqual(['POST /admin/banuser']);
  });

  it("a refusal throws with the server's message for the dialog", async () => {
    const { api } = fakeServer({
      'POST /admin/banuser': () => ({ status: 403, body: { message: 'An admin cannot ban another admin', statusCode: 403 } }),
    });
    await expect(performAdminAction(api, { action: { type: 'ban', userId: 'a2', username: 'mod' }, reason: 'x' })).rejects.toMatchObject({
      data: { message: 'An admin cannot ban another admin', statusCode: 403 },
    });
  });
});

describe('admin effects: the machines with their real effects', () => {
  it('a members list bans from its dialog: in place, a toast, then the page read again', async () => {
    let users = [ben, dora];
    const { api, calls } = fakeServer({
      'GET /admin/users/all/1': () => ({ body: page(users) }),
      'POST /admin/banuser': () => {
        users = [banned(ben, 'Spam links'), dora];
        return { body: { message: 'ben was banned', user: users[0] } };
      },
    });
    const { app, received } = recordingApp();
    const actor = createActor(adminLogic(app as never, { api }).list, { input: { kind: 'users' } }).start();
    await waitFor(actor, (s) => s.matches({ data: { ready: 'idle' } }));
    actor.send({ type: 'list.act', key: 'u2', action: { type: 'ban', userId: 'u2', username: 'ben' } });
    const dialog = actor.getSnapshot().children.action!;
    dialog.send({ type: 'action.reason', value: '  Spam links ' });
    dialog.send({ type: 'action.confirm' });
    await waitFor(actor, (s) => s.context.acting === null);
    expect(actor.getSnapshot().context.items.map((u) => ('isBanned' in u ? u.isBanned : null))).toEqual([true, false]);
    await waitFor(actor, (s) => s.matches({ data: { ready: 'idle' } }));
    expect(calls.map((c) => c.key)).toEqual(['GET /admin/users/all/1', 'POST /admin/banuser', 'GET /admin/users/all/1']);
    expect(calls[1].body).toEqual({ userId: 'u2', reason: 'Spam links' });
    expect(received.toasts).toEqual([{ type: 'toasts.show', toast: { type: 'success', description: 'ben was banned' } }]);
    actor.stop();
  });

  it('the dashboard, a chart and the password change call their routes; a new password refreshes the session', async () => {
    const { api, calls } = fakeServer({
      'GET /admin/dashboard': () => ({
        body: {
          users: { totalUsers: 1, newUsersToday: 0, bannedUsers: 0 },
          posts: { totalPosts: 0, postsToday: 0, hiddenPosts: 0 },
          openReports: { profiles: 0, posts: 0 },
          pendingAppeals: 0,
          recentActions: [],
        },
      }),
      'GET /admin/statistic/userperyear': () => ({ body: { years: [{ year: 2026, count: 1 }] } }),
      'GET /admin/statistic/userpermonth?year=2026': () => ({ body: { year: 2026, months: [] } }),
      'GET /admin/statistic/postperyear': () => ({ body: { years: [] } }),
      'GET /admin/statistic/postpermonth?year=2026': () => ({ body: { year: 2026, months: [] } }),
      'PUT /user/profile/change-password': () => ({ body: { message: 'Password changed successfully', token: 'fresh', user: admin } }),
    });
    const { app, received } = recordingApp();
    const logic = adminLogic(app as never, { api });
    const dash = createActor(logic.dashboard).start();
    await waitFor(dash, (s) => s.matches('ready'));
    for (const subject of ['users', 'posts'] as const) {
      const chart = createActor(logic.chart, { input: { subject, thisYear: 2026 } }).start();
      await waitFor(chart, (s) => s.matches({ years: 'ready', months: 'ready' }));
      chart.stop();
    }
    const password = createActor(logic.password).start();
    password.send({ type: 'password.change', field: 'currentPassword', value: 'old-secret-1' });
    password.send({ type: 'password.change', field: 'newPassword', value: 'new-secret-2' });
    password.send({ type: 'password.change', field: 'confirmPassword', value: 'new-secret-2' });
    password.send({ type: 'password.submit' });
    await waitFor(password, (s) => s.context.message !== null);
    await vi.waitFor(() => expect(received.session).toHaveLength(1));
    expect(received.session).toEqual([{ type: 'session.login', token: 'fresh', user: admin }]);
    expect(calls.map((c) => c.key).sort()).toEqual([
      'GET /admin/dashboard',
      'GET /admin/statistic/postpermonth?year=2026',
      'GET /admin/statistic/postperyear',
      'GET /admin/statistic/userpermonth?year=2026',
      'GET /admin/statistic/userperyear',
      'PUT /user/profile/change-password',
    ]);
    dash.stop();
    password.stop();
  });
});
