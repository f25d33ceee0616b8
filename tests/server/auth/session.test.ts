import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../../src/api/auth';
import { bearer, createTestApp, dialects, signUp, type TestApp } from '../harness';

const HOUR = 3600;

describe.each(dialects)('sign-in and sessions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const signIn = (username: string, password: string, extra: Record<string, unknown> = {}) =>
    t.api({ method: 'POST', url: '/signin', payload: { provider: 'local', username, password, ...extra } });

  it('signs in by username, case-insensitively', async () => {
    const member = await signUp(t);
    const response = await signIn(member.body.username.toUpperCase(), member.body.password);
    expect(response.statusCode).toBe(200);
    const answer = authResponseSchema.parse(response.json());
    expect(answer.message).toBe('Signed in successfully');
    expect(answer.user._id).toBe(member.user._id);
    expect(answer.token).not.toBe(member.token);
  });

  it('signs in by e-mail', async () => {
    const member = await signUp(t);
    const response = await signIn(` ${member.body.email.toUpperCase()} `, member.body.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(member.body.email);
  });

  it('gives the same 401 for a wrong password and an unknown account', async () => {
    const member = await signUp(t);
    const wrong = await signIn(member.body.username, 'not the password');
    const unknown = await signIn('nobody_here', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid credentials', statusCode: 401 });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('issues a 12-hour token by default and a 30-day one with rememberMe', async () => {
    const member = await signUp(t);
    const short = decodeJwt((await signIn(member.body.username, member.body.password)).json().token);
    const long = decodeJwt((await signIn(member.body.username, member.body.password, { rememberMe: true })).json().token);
    expect(short.exp! - short.iat!).toBe(12 * HOUR);
    expect(long.exp! - long.iat!).toBe(30 * 24 * HOUR);
    expect(short).toMatchObject({ sub: member.user._id, authId: member.user.authId, username: member.body.username, role: 'USER', tv: 0 });
    expect(short.jti).toEqual(expect.any(String));
  });

  it('ends a short session after 12 hours', async () => {
    const member = await signUp(t);
    const { token } = (await signIn(member.body.username, member.body.password)).json();
    t.clock.advance(12 * HOUR * 1000 + 1000);
    try {
      const response = await t.api({ method: 'GET', url: '/currentuser', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Session expired, please sign in again');
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('refuses Google sign-in with 501 while it is off (no FIREBASE_PROJECT_ID; tests/server/auth/google.test.ts has the rest)', async () => {
    const response = await t.api({ method: 'POST', url: '/signin', payload: { provider: 'google', payload: { idToken: 'x' } } });
    expect(response.statusCode).toBe(501);
    expect(response.json()).toEqual({ message: 'Google sign-in is not available', statusCode: 501 });
  });

  it.each([
    ['no provider', { username: 'a', password: 'b' }, 'provider must be local or google'],
    ['an unknown provider', { provider: 'facebook', username: 'a', password: 'b' }, 'provider must be local or google'],
    ['no username', { provider: 'local', password: 'b' }, 'Email or username is required'],
    ['an empty username', { provider: 'local', username: '  ', password: 'b' }, 'Email or username is required'],
    ['no password', { provider: 'local', username: 'a' }, 'Password is required'],
    ['a number as password', { provider: 'local', username: 'a', password: 12345678 }, 'Password is required'],
    ['rememberMe as text', { provider: 'local', username: 'a', password: 'b', rememberMe: 'yes' }, expect.any(String)],
  ])('answers 400 for a sign-in with %s', async (_name, payload, message) => {
    const response = await t.api({ method: 'POST', url: '/signin', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, statusCode: 400, issues: expect.any(Array) });
  });

  it('signs out: that token stops working at once, other sessions go on', async () => {
    const member = await signUp(t);
    const other = (await signIn(member.body.username, member.body.password)).json().token;
    const out = await t.api({ method: 'GET', url: '/signout', headers: bearer(member.token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Signed out successfully' });
    const after = await t.api({ method: 'GET', url: '/currentuser', headers: bearer(member.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Session expired, please sign in again', statusCode: 401 });
    expect((await t.api({ method: 'GET', url: '/currentuser', headers: bearer(other) })).statusCode).toBe(200);
  });

  it('asks for a token on protected routes and refuses tampered ones', async () => {
    const missing = await t.api({ method: 'GET', url: '/currentuser' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe('Please sign in to continue');
    const member = await signUp(t);
    const [head, payload, signature] = member.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, role: 'ADMIN' })).toString('base64url')}.${signature}`;
    for (const token of [forged, 'garbage', `${member.token}x`]) {
      const response = await t.api({ method: 'GET', url: '/currentuser', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
    }
    const basic = await t.api({ method: 'GET', url: '/currentuser', headers: { authorization: `Basic ${member.token}` } });
    expect(basic.statusCode).toBe(401);
  });

  it('returns the current user and the same token', async () => {
    const member = await signUp(t);
    const response = await t.api({ method: 'GET', url: '/currentuser', headers: bearer(member.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Current user', token: member.token, user: member.user });
  });

  it('updates the avatar colour and image of the current user', async () => {
    const member = await signUp(t);
    const response = await t.api({
      method: 'PUT',
      url: '/currentuser',
      headers: bearer(member.token),
      payload: { avatarColor: '#1e88e5', avatarImage: member.body.avatarImage },
    });
    expect(response.statusCode).toBe(200);
    const answer = authResponseSchema.parse(response.json());
    expect(answer.user.avatarColor).toBe('#1e88e5');
    expect(answer.user.avatarImage).toMatch(/^\/media\/image\/upload\//);
    expect(answer.user.avatarImage).not.toBe(member.user.avatarImage);
    const me = await t.api({ method: 'GET', url: '/currentuser', headers: bearer(member.token) });
    expect(me.json().user.avatarColor).toBe('#1e88e5');
  });

  it('refuses unknown or wrong fields on PUT /currentuser', async () => {
    const member = await signUp(t);
    const put = (payload: unknown) =>
      t.api({ method: 'PUT', url: '/currentuser', headers: bearer(member.token), payload: payload as object });
    const role = await put({ role: 'ADMIN' });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toMatch(/role/);
    expect((await put({ avatarColor: 42 })).statusCode).toBe(400);
    expect((await put({ avatarColor: 'blue' })).json().message).toBe('Colour must be a #rrggbb value');
    const me = await t.api({ method: 'GET', url: '/currentuser', headers: bearer(member.token) });
    expect(me.json().user.role).toBe('USER');
  });

  it("checks the caller's own account by authId; another member's answers like an unknown one", async () => {
    const asker = await signUp(t);
    const other = await signUp(t);
    const own = await t.api({ method: 'POST', url: `/checkUser/${asker.user.authId}`, headers: bearer(asker.token) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ isBanned: false });
    const someoneElse = await t.api({ method: 'POST', url: `/checkUser/${other.user.authId}`, headers: bearer(asker.token) });
    const unknown = await t.api({ method: 'POST', url: '/checkUser/nobody', headers: bearer(asker.token) });
    expect(someoneElse.statusCode).toBe(404);
    expect(someoneElse.json()).toEqual({ message: 'User not found', statusCode: 404 });
    expect(unknown.json()).toEqual(someoneElse.json());
    const anonymous = await t.api({ method: 'POST', url: `/checkUser/${other.user.authId}` });
    expect(anonymous.statusCode).toBe(401);
    const emptyJson = await t.api({
      method: 'POST',
      url: `/checkUser/${asker.user.authId}`,
      headers: { ...bearer(asker.token), 'content-type': 'application/json' },
    });
    expect(emptyJson.statusCode).toBe(200);
  });
});
