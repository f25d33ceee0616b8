import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNED_MESSAGE } from '../../../src/api/constants';
import { API_BASE } from '../../../src/api/paths';
import { createTestApp, dialects, type TestApp } from '../harness';
import { banMember, MISSING } from '../moderation';
import { call, member, type Member, type Method } from '../social';

/**
 * Who reaches what: every admin route x (anonymous, member, banned member, admin), and the few
 * routes a banned member still reaches. Both tables are compared with the routes the app really
 * registered, so a new admin route (or a new banned-ok route) without a row fails here.
 */

type Row = { method: Method; url: string; call: string; body?: object; admin: number };

/** Every admin route: how to call it, and what an admin gets (past the guard). */
const ADMIN_ROUTES: Row[] = [
  { method: 'GET', url: '/admin/dashboard', call: '/admin/dashboard', admin: 200 },
  { method: 'GET', url: '/admin/newusertoday', call: '/admin/newusertoday', admin: 200 },
  { method: 'GET', url: '/admin/getpostcount', call: '/admin/getpostcount', admin: 200 },
  { method: 'GET', url: '/admin/statistic/user', call: '/admin/statistic/user', admin: 200 },
  { method: 'GET', url: '/admin/statistic/post', call: '/admin/statistic/post', admin: 200 },
  { method: 'GET', url: '/admin/statistic/userperyear', call: '/admin/statistic/userperyear', admin: 200 },
  { method: 'GET', url: '/admin/statistic/postperyear', call: '/admin/statistic/postperyear', admin: 200 },
  { method: 'GET', url: '/admin/statistic/userpermonth', call: '/admin/statistic/userpermonth?year=2030', admin: 200 },
  { method: 'GET', url: '/admin/statistic/postpermonth', call: '/admin/statistic/postpermonth', admin: 200 },
  { method: 'GET', url: '/admin/users/all/:page', call: '/admin/users/all/1?search=mem', admin: 200 },
  { method: 'GET', url: '/admin/member/:id', call: `/admin/member/${MISSING}`, admin: 404 },
  { method: 'GET', url: '/admin/member/:id/reports', call: `/admin/member/${MISSING}/reports?cursor=2025-01-01T00:00:00.000Z`, admin: 404 },
  { method: 'GET', url: '/admin/member/:id/posts', call: `/admin/member/${MISSING}/posts?cursor=2025-01-01T00:00:00.000Z`, admin: 404 },
  { method: 'GET', url: '/admin/deletions', call: '/admin/deletions', admin: 200 },
  { method: 'GET', url: '/admin/banuser/:page', call: '/admin/banuser/1', admin: 200 },
  { method: 'POST', url: '/admin/banuser', call: '/admin/banuser', body: { userId: MISSING, reason: 'x' }, admin: 404 },
  { method: 'POST', url: '/admin/unbanuser', call: '/admin/unbanuser', body: { userId: MISSING }, admin: 404 },
  { method: 'GET', url: '/reportprofile/:page', call: '/reportprofile/1?status=resolved', admin: 200 },
  {
    method: 'PUT',
    url: '/admin/reportprofile/status',
    call: '/admin/reportprofile/status',
    body: { reportId: MISSING, status: 'reviewing' },
    admin: 404,
  },
  { method: 'GET', url: '/reportpost', call: '/reportpost?page=1&status=pending', admin: 200 },
  {
    method: 'PUT',
    url: '/admin/reportpost/status',
    call: '/admin/reportpost/status',
    body: { postId: MISSING, status: 'dismissed' },
    admin: 404,
  },
  { method: 'GET', url: '/admin/appeal/:page', call: '/admin/appeal/1?status=rejected', admin: 200 },
  { method: 'PUT', url: '/admin/appeal/status', call: '/admin/appeal/status', body: { appealId: MISSING, status: 'approved' }, admin: 404 },
  { method: 'GET', url: '/admin/hirepost/:page', call: '/admin/hirepost/1', admin: 200 },
  { method: 'POST', url: '/admin/hirepost', call: '/admin/hirepost', body: { postId: MISSING, reason: 'x' }, admin: 404 },
  { method: 'POST', url: '/admin/unhirepost', call: '/admin/unhirepost', body: { postId: MISSING }, admin: 404 },
  { method: 'GET', url: '/admin/audit/:page', call: '/admin/audit/1', admin: 200 },
];

/**
 * The member's own account routes (Settings): anonymous 401, banned 403, the member through (their
 * own sessions only: another member's session id is a 404, tests/server/auth/sessions.test.ts; their
 * own second factor, tests/server/twoFactor).
 */
const ACCOUNT_ROUTES: (Omit<Row, 'admin'> & { member: number })[] = [
  { method: 'GET', url: '/account/sessions', call: '/account/sessions', member: 200 },
  { method: 'DELETE', url: '/account/sessions/others', call: '/account/sessions/others', member: 200 },
  { method: 'DELETE', url: '/account/sessions/:sessionId', call: `/account/sessions/${MISSING}`, member: 404 },
  // Two-factor sign-in: its state, a setup begun; the others need a body (a code, the password): 400 without it.
  { method: 'GET', url: '/account/two-factor', call: '/account/two-factor', member: 200 },
  { method: 'POST', url: '/account/two-factor/setup', call: '/account/two-factor/setup', member: 200 },
  { method: 'POST', url: '/account/two-factor/enable', call: '/account/two-factor/enable', member: 400 },
  { method: 'POST', url: '/account/two-factor/disable', call: '/account/two-factor/disable', member: 400 },
  { method: 'POST', url: '/account/two-factor/recovery-codes', call: '/account/two-factor/recovery-codes', member: 400 },
  // Your data: the export's state, a new export, its link (none ready yet); the deletion's state,
  // scheduling it (the password is needed), cancelling it (none scheduled).
  { method: 'GET', url: '/account/export', call: '/account/export', member: 200 },
  { method: 'POST', url: '/account/export', call: '/account/export', member: 202 },
  { method: 'POST', url: '/account/export/link', call: '/account/export/link', member: 404 },
  { method: 'GET', url: '/account/deletion', call: '/account/deletion', member: 200 },
  { method: 'POST', url: '/account/deletion', call: '/account/deletion', member: 400 },
  { method: 'DELETE', url: '/account/deletion', call: '/account/deletion', member: 404 },
];
/** The archive's download: no session, a signed short-lived token is its key (tests/server/accountData). */
const PUBLIC_ACCOUNT_ROUTES = ['GET /account/export/download/:token'];

/** What a banned member still reaches: the session check, sign-out, their ban status, the appeal. */
const BANNED_OK = [
  'GET /signout',
  'GET /currentuser',
  'POST /checkUser/:authId',
  'GET /user/banuser/:userId',
  'GET /appeal',
  'POST /appeal',
];

/** The admin sign-up and sign-in forms are public (server/modules/auth), not part of the Admin API. */
const isAdminRoute = (method: string, url: string) =>
  (url.startsWith('/admin/') && !['/admin/signup', '/admin/signin'].includes(url)) ||
  `${method} ${url}` === 'GET /reportprofile/:page' ||
  `${method} ${url}` === 'GET /reportpost';

/** A plausible address for a route pattern: ids get a missing id, pages 1, anything else a word. */
const sample = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => (name === 'page' ? '1' : /id$/i.test(name) ? MISSING : 'x')).replace('*', 'x');

describe.each(dialects)('moderation access on %s', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let plain: Member;
  let banned: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await member(t, { admin: true });
    plain = await member(t);
    banned = await member(t);
    await banMember(t, admin, banned);
  });
  afterAll(() => t.close());

  const apiRoutes = () =>
    t.app.routeTable
      .filter((route) => route.url.startsWith(API_BASE))
      .map((route) => ({ ...route, url: route.url.slice(API_BASE.length) }));

  it('has a row for every admin route the app registers, and no row for a route it does not', () => {
    const registered = apiRoutes()
      .filter((route) => isAdminRoute(route.method, route.url))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(registered).toEqual(ADMIN_ROUTES.map((row) => `${row.method} ${row.url}`).sort());
  });

  it.each(ADMIN_ROUTES.map((row) => [`${row.method} ${row.url}`, row] as const))(
    '%s: anonymous 401, member 403, banned 403, admin through',
    async (_, row) => {
      const as = (who: Member | null) => call(t, who, row.method, row.call, row.body ?? (row.method === 'GET' ? undefined : {}));
      const anonymous = await as(null);
      expect(anonymous.json()).toEqual({ message: 'Please sign in to continue', statusCode: 401 });
      const plainAnswer = await as(plain);
      expect(plainAnswer.json()).toEqual({ message: 'Only administrators can do that', statusCode: 403 });
      const bannedAnswer = await as(banned);
      expect(bannedAnswer.json()).toEqual({ message: BANNED_MESSAGE, statusCode: 403 });
      const adminAnswer = await as(admin);
      expect(adminAnswer.statusCode, adminAnswer.body).toBe(row.admin);
    },
  );

  it('has a row for every account route the app registers', () => {
    const registered = apiRoutes()
      .filter((route) => route.url.startsWith('/account/') && route.method !== 'OPTIONS')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(registered).toEqual([...ACCOUNT_ROUTES.map((row) => `${row.method} ${row.url}`), ...PUBLIC_ACCOUNT_ROUTES].sort());
  });

  it.each(ACCOUNT_ROUTES.map((row) => [`${row.method} ${row.url}`, row] as const))(
    '%s: anonymous 401, banned 403, member through',
    async (_, row) => {
      const as = (who: Member | null) => call(t, who, row.method, row.call);
      expect((await as(null)).json()).toEqual({ message: 'Please sign in to continue', statusCode: 401 });
      expect((await as(banned)).json()).toEqual({ message: BANNED_MESSAGE, statusCode: 403 });
      const answer = await as(plain);
      expect(answer.statusCode, answer.body).toBe(row.member);
    },
  );

  it('lets a banned member reach only the session check, sign-out, their ban status and the appeal', async () => {
    const allowed = apiRoutes()
      .filter((route) => route.allowBanned)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(allowed).toEqual([...BANNED_OK].sort());
    // Every route that asks for a session answers the banned member 403, but those.
    const wrong: string[] = [];
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`;
      if (route.method === 'OPTIONS' || key === 'GET /signout') continue;
      const url = sample(route.url);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const anonymous = await call(t, null, route.method as Method, url, body);
      if (anonymous.statusCode !== 401) continue; // public (or validated before authentication)
      const answer = await call(t, banned, route.method as Method, url, body);
      const refused = answer.statusCode === 403 && answer.json().message === BANNED_MESSAGE;
      if (refused === BANNED_OK.includes(key)) wrong.push(`${key}: ${answer.statusCode} ${answer.json().message}`);
    }
    expect(wrong).toEqual([]);
    expect((await call(t, banned, 'GET', `/user/banuser/${banned.id}`)).statusCode).toBe(200);
    expect((await call(t, banned, 'GET', '/appeal')).statusCode).toBe(200);
  });

  it('refuses every malformed body, page and query of the moderation routes with a 400 and a message', async () => {
    const bad: string[] = [];
    const expect400 = async (who: Member, method: Method, url: string, payload: unknown, what: string) => {
      const json = typeof payload === 'string' ? { 'content-type': 'application/json' } : {};
      const response = await t.api({
        method,
        url,
        headers: { authorization: `Bearer ${who.token}`, ...json },
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
      const body = response.json();
      if (response.statusCode !== 400 || body.statusCode !== 400 || typeof body.message !== 'string' || body.message === '')
        bad.push(`${method} ${url} ${what}: ${response.statusCode} ${response.body}`);
    };
    const memberBodies: [Method, string, Member, Record<string, unknown>][] = [
      ['POST', '/reportpost', plain, { postId: MISSING, reason: 'spam', details: 'x' }],
      ['POST', '/appeal', banned, { message: 'A long enough appeal message here.' }],
    ];
    const withBodies: [Method, string, Member, Record<string, unknown>][] = [
      ...ADMIN_ROUTES.filter((row) => row.body).map((row): [Method, string, Member, Record<string, unknown>] => [
        row.method,
        row.call,
        admin,
        row.body as Record<string, unknown>,
      ]),
      ...memberBodies,
    ];
    for (const [method, url, who, valid] of withBodies) {
      for (const payload of [[], 'text', 42, null])
        await expect400(who, method, url, JSON.stringify(payload), `body ${JSON.stringify(payload)}`);
      await t
        .api({ method, url, headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' }, payload: '{"postId": ' })
        .then((response) => {
          if (response.statusCode !== 400 || response.json().message !== 'Malformed JSON body')
            bad.push(`${method} ${url} malformed JSON: ${response.statusCode}`);
        });
      await expect400(who, method, url, { ...valid, unexpected: true }, 'an unknown field');
      for (const field of Object.keys(valid)) {
        if (field !== 'details') {
          const { [field]: _, ...without } = valid;
          await expect400(who, method, url, without, `without ${field}`);
        }
        for (const wrong of [12, ['x'], { a: 1 }, 'x'.repeat(3000)])
          await expect400(who, method, url, { ...valid, [field]: wrong }, `${field} = ${JSON.stringify(wrong).slice(0, 20)}`);
      }
    }
    const paged = [
      '/admin/users/all/:page',
      '/admin/banuser/:page',
      '/reportprofile/:page',
      '/admin/appeal/:page',
      '/admin/hirepost/:page',
      '/admin/audit/:page',
    ];
    for (const url of paged) {
      for (const page of ['0', '-1', '1.5', 'abc', '100001', '1e9'])
        await expect400(admin, 'GET', url.replace(':page', page), undefined, `page ${page}`);
      await expect400(admin, 'GET', `${url.replace(':page', '1')}?unexpected=1`, undefined, 'an unknown query');
    }
    for (const query of ['?page=0', '?page=x', '?status=open', '?status=', '?unexpected=1'])
      await expect400(admin, 'GET', `/reportpost${query}`, undefined, query);
    for (const query of ['?status=reviewed', '?status=']) await expect400(admin, 'GET', `/reportprofile/1${query}`, undefined, query);
    for (const query of ['?status=pending&status=approved', '?status=closed'])
      await expect400(admin, 'GET', `/admin/appeal/1${query}`, undefined, query);
    for (const query of ['?year=', '?year=99999', '?year=x'])
      await expect400(admin, 'GET', `/admin/statistic/postpermonth${query}`, undefined, query);
    expect(bad).toEqual([]);
  });
});
