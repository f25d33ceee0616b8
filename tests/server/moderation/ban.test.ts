import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNED_MESSAGE } from '../../../src/api/constants';
import { bearer, createTestApp, dialects, signUp, type TestApp } from '../harness';

describe.each(dialects)('banned members on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const ban = (userId: string, banned = true) => t.app.services.users.setBanned(userId, banned, new Date().toISOString());

  it('may sign in, and the answer says they are banned', async () => {
    const member = await signUp(t);
    await ban(member.user._id);
    const response = await t.api({
      method: 'POST',
      url: '/signin',
      payload: { provider: 'local', username: member.body.username, password: member.body.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.isBanned).toBe(true);
    const token = response.json().token;

    const check = await t.api({ method: 'POST', url: `/checkUser/${member.user.authId}`, headers: bearer(token) });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ isBanned: true });

    const me = await t.api({ method: 'GET', url: '/currentuser', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.isBanned).toBe(true);

    const protectedRoute = await t.api({ method: 'PUT', url: '/currentuser', headers: bearer(token), payload: { avatarColor: '#000000' } });
    expect(protectedRoute.statusCode).toBe(403);
    expect(protectedRoute.json()).toEqual({ message: BANNED_MESSAGE, statusCode: 403 });

    const out = await t.api({ method: 'GET', url: '/signout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
  });

  it('takes effect on a token issued before the ban, and lifts with the unban', async () => {
    const member = await signUp(t);
    const update = () => t.api({ method: 'PUT', url: '/currentuser', headers: bearer(member.token), payload: { avatarColor: '#123456' } });
    expect((await update()).statusCode).toBe(200);
    await ban(member.user._id);
    const refused = await update();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BANNED_MESSAGE);
    expect((await t.api({ method: 'GET', url: '/currentuser', headers: bearer(member.token) })).json().user.isBanned).toBe(true);
    await ban(member.user._id, false);
    expect((await update()).statusCode).toBe(200);
  });

  it('tells nobody but the member and admins whether someone is banned', async () => {
    const asker = await signUp(t);
    const banned = await signUp(t);
    await ban(banned.user._id);
    const response = await t.api({ method: 'POST', url: `/checkUser/${banned.user.authId}`, headers: bearer(asker.token) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'User not found', statusCode: 404 });
    const own = await t.api({ method: 'POST', url: `/checkUser/${banned.user.authId}`, headers: bearer(banned.token) });
    expect(own.json()).toEqual({ isBanned: true });
    const moderator = await signUp(t);
    await t.database.db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', moderator.user._id).execute();
    const asAdmin = await t.api({ method: 'POST', url: `/checkUser/${banned.user.authId}`, headers: bearer(moderator.token) });
    expect(asAdmin.json()).toEqual({ isBanned: true });
  });
});
