import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNED_MESSAGE } from '../../../src/api/constants';
import { bearer, createTestApp, dialects, signUp, type TestApp } from '../harness';

/** The guards later modules use (`preHandler: app.authenticate` / `app.requireAdmin`), on test routes. */
describe.each(dialects)('auth guards on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      extend: (app) => {
        app.get('/api/v1/test/member', { preHandler: app.authenticate }, async (request) => ({ id: request.auth?.userId }));
        app.get('/api/v1/test/checkpoint', { preHandler: app.authenticate, config: { allowBanned: true } }, async () => ({ ok: true }));
        app.get('/api/v1/test/admin', { preHandler: app.requireAdmin }, async () => ({ ok: true }));
      },
    });
  });
  afterAll(() => t.close());

  const setRole = (id: string, role: 'USER' | 'ADMIN') => t.database.db.updateTable('users').set({ role }).where('id', '=', id).execute();
  const get = (url: string, token?: string) => t.api({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });

  it('authenticate lets members through and knows who they are', async () => {
    const member = await signUp(t);
    const response = await get('/test/member', member.token);
    expect(response.json()).toEqual({ id: member.user._id });
    expect((await get('/test/member')).statusCode).toBe(401);
  });

  it('refuses banned members except on routes that allow them', async () => {
    const member = await signUp(t);
    await t.app.services.users.setBanned(member.user._id, true, new Date().toISOString());
    const refused = await get('/test/member', member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BANNED_MESSAGE);
    expect((await get('/test/checkpoint', member.token)).statusCode).toBe(200);
  });

  it('requireAdmin reads the role from the database on every request', async () => {
    const member = await signUp(t);
    const refused = await get('/test/admin', member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only administrators can do that', statusCode: 403 });
    expect((await get('/test/admin')).statusCode).toBe(401);

    // Promoted: the token issued as USER now works; demoted: it stops at once.
    await setRole(member.user._id, 'ADMIN');
    expect((await get('/test/admin', member.token)).statusCode).toBe(200);
    await setRole(member.user._id, 'USER');
    expect((await get('/test/admin', member.token)).statusCode).toBe(403);
  });

  it('refuses a banned admin with the banned message', async () => {
    const member = await signUp(t);
    await setRole(member.user._id, 'ADMIN');
    await t.app.services.users.setBanned(member.user._id, true, new Date().toISOString());
    const response = await get('/test/admin', member.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(BANNED_MESSAGE);
  });

  it('verifies tokens for other layers the same way', async () => {
    const member = await signUp(t);
    const auth = await t.app.verifyToken(member.token);
    expect(auth).toMatchObject({ userId: member.user._id, role: 'USER', isBanned: false });
    await t.api({ method: 'GET', url: '/signout', headers: bearer(member.token) });
    expect(await t.app.verifyToken(member.token)).toBeNull();
  });
});
