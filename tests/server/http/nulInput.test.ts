import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../src/api/paths';
import { createTestApp, dialects, freshAddress, type TestApp } from '../harness';
import { member, ok, type Member } from '../social';

const NUL_MESSAGE = /^[\w.]+ must not contain a NUL character$/;
/** Field names the contract's bodies use, each holding a NUL: whatever a route reads, it meets one. */
const NUL_BODY = Object.fromEntries(
  [
    'post',
    'comment',
    'answer',
    'username',
    'email',
    'password',
    'body',
    'name',
    'description',
    'reason',
    'message',
    'text',
    'postId',
    'groupId',
    'receiverId',
    'type',
    'provider',
    'clientId',
    'query',
    'bio',
    'status',
    'currentPassword',
    'newPassword',
    'confirmPassword',
    'inviteCode',
  ].map((key) => [key, `a\u0000b`]),
);

/**
 * U+0000 in any text the API takes (path parameters, query, body) is a 400 naming the field, on
 * every route, never a 5xx (PostgreSQL cannot store it).
 */
describe.each(dialects)('NUL characters on %s', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let postId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await member(t, { admin: true });
    postId = (await ok(t, admin, 'POST', '/post', { post: 'p' }, 201)).post._id;
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, payload?: unknown) =>
    t.inject({
      method: method as 'GET',
      url,
      remoteAddress: freshAddress(),
      headers: { authorization: `Bearer ${admin.token}` },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('are refused with a 400 naming the field where members type (sign-in, posts, comments, names in paths, search)', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/signin', { provider: 'local', username: 'some\u0000one', password: 'whatever' }, 'username'],
      ['POST', '/admin/signin', { username: 'admin', password: 'pass\u0000word' }, 'password'],
      ['POST', '/forgot-password', { email: 'a\u0000@example.org' }, 'email'],
      ['POST', '/post', { post: 'hello\u0000world' }, 'post'],
      ['POST', '/post/comment', { postId, comment: 'hi\u0000' }, 'comment'],
      ['GET', '/post/reactions/username/some%00one', undefined, 'username'],
      ['GET', `/post/single/reaction/username/some%00one/${postId}`, undefined, 'username'],
      ['GET', '/search/posts?q=a%00b', undefined, 'q'],
    ];
    const wrong: string[] = [];
    for (const [method, url, payload, field] of cases) {
      const response = await send(method, `${API_BASE}${url}`, payload);
      const body = response.json();
      if (response.statusCode !== 400 || body.message !== `${field} must not contain a NUL character` || body.statusCode !== 400) {
        wrong.push(`${method} ${url}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never answer a 5xx on any route, in path parameters, queries or bodies', async () => {
    // Signing out would end the session the sweep uses.
    const routes = t.app.routeTable.filter((route) => route.url.startsWith(API_BASE) && !route.url.endsWith('/signout'));
    expect(routes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of routes) {
      const withIds = route.url.replace(/:(\w+)/g, () => postId);
      const variants: [string, string, unknown][] = [['query', `${withIds}?page=1%00&q=a%00&cursor=%00&sort=new%00`, undefined]];
      if (route.url.includes(':')) variants.push(['params', route.url.replace(/:(\w+)/g, 'a%00b'), undefined]);
      if (route.method !== 'GET') variants.push(['body', withIds, NUL_BODY]);
      for (const [where, url, payload] of variants) {
        const response = await send(route.method, url, payload);
        const fine =
          (response.statusCode === 400 && NUL_MESSAGE.test(response.json().message)) || (where === 'body' && response.statusCode === 415);
        if (!fine) wrong.push(`${route.method} ${route.url} (${where}): ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
