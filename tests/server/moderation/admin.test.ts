import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, newMember, signUp, type TestApp } from '../harness';

const INVITE = 'let-me-in-please';

describe.each(dialects)('admin accounts on %s', (dialect) => {
  let t: TestApp;
  let closed: TestApp;
  beforeAll(async () => {
    [t, closed] = await Promise.all([createTestApp(dialect, { env: { ADMIN_INVITE_CODE: INVITE } }), createTestApp(dialect)]);
  });
  afterAll(() => Promise.all([t.close(), closed.close()]));

  const adminSignUp = async (app: TestApp, inviteCode: string) =>
    app.api({ method: 'POST', url: '/admin/signup', payload: { ...(await newMember()), inviteCode } });
  const adminSignIn = (username: string, password: string) =>
    t.api({ method: 'POST', url: '/admin/signin', payload: { username, password } });

  it('refuses admin sign-up while no invite code is configured', async () => {
    const response = await adminSignUp(closed, INVITE);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Admin sign-up is disabled', statusCode: 403 });
  });

  it('refuses a wrong invite code', async () => {
    for (const code of ['wrong-code', `${INVITE}x`, INVITE.slice(0, -1)]) {
      const response = await adminSignUp(t, code);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Invalid invite code', statusCode: 403 });
    }
  });

  it('asks for the invite code', async () => {
    const response = await t.api({ method: 'POST', url: '/admin/signup', payload: await newMember() });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invite code is required');
  });

  it('creates an ADMIN with the right code, who can then sign in as admin', async () => {
    const body = { ...(await newMember()), inviteCode: INVITE };
    const response = await t.api({ method: 'POST', url: '/admin/signup', payload: body });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.role).toBe('ADMIN');
    const signIn = await adminSignIn(body.email, body.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.role).toBe('ADMIN');
  });

  it('refuses a regular member at admin sign-in with the usual 401', async () => {
    const member = await signUp(t);
    const response = await adminSignIn(member.body.username, member.body.password);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid credentials', statusCode: 401 });
    expect((await adminSignIn(member.body.username, 'wrong password')).json()).toEqual(response.json());
  });

  it('refuses a sign-in body with missing fields', async () => {
    const response = await t.api({ method: 'POST', url: '/admin/signin', payload: { username: 'someone' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password is required');
  });

  it('creates admins for scripts through the service', async () => {
    const user = await t.app.services.auth.createAdmin({
      username: 'script_admin',
      email: 'script-admin@example.org',
      password: 'a long admin password',
      avatarColor: '#f33e58',
      avatarImage: '',
    });
    expect(user.role).toBe('ADMIN');
    expect((await adminSignIn('script_admin', 'a long admin password')).statusCode).toBe(200);
  });
});
