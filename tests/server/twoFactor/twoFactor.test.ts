import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TWO_FACTOR_REQUIRED,
  CHALLENGE_EXPIRED,
  CODE_ALREADY_USED,
  INVALID_CODE,
  INVALID_RECOVERY_CODE,
  signInAnswerSchema,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_NEEDED,
  WRONG_PASSWORD,
} from '../../../src/api/account/twoFactor';
import { bearer, createTestApp, dialects, freshAddress, signUp, type TestApp } from '../harness';

const STEP_MS = 30_000;
const codeAt = (secret: string, timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

describe.each(dialects)('two-factor sign-in on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // As a server runs by default: administrators must use it.
    t = await createTestApp(dialect, { env: { TWO_FACTOR_FOR_ADMINS: 'required' } });
  });
  afterAll(() => t.close());

  const now = () => t.clock.now().getTime();
  const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.api({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const passwordSignIn = (username: string, password: string, url = '/signin') =>
    t.api({
      method: 'POST',
      url,
      payload: url === '/signin' ? { provider: 'local', username, password } : { username, password },
      remoteAddress: freshAddress(),
    });

  /** A member with two-factor sign-in on: their secret and recovery codes. */
  async function withTwoFactor() {
    const member = await signUp(t);
    const setup = await as(member.token, 'POST', '/account/two-factor/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, uri, qrCode } = setup.json();
    expect(uri).toMatch(new RegExp(`^otpauth://totp/Stoa:${member.body.username}\\?`));
    expect(uri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const enabled = await as(member.token, 'POST', '/account/two-factor/enable', { code: codeAt(secret, now()) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const recoveryCodes: string[] = enabled.json().recoveryCodes;
    // Codes after this one come from later steps (each step is used once).
    t.clock.advance(STEP_MS);
    return { member, secret, recoveryCodes };
  }

  it('sets up with a QR code, stays off until a code confirms it, then shows ten recovery codes once', async () => {
    const member = await signUp(t);
    expect((await as(member.token, 'GET', '/account/two-factor')).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
      hasPassword: true,
    });
    const { secret } = (await as(member.token, 'POST', '/account/two-factor/setup')).json();
    // Not on yet: sign-in is unchanged.
    expect((await passwordSignIn(member.body.username, member.body.password)).json().token).toEqual(expect.any(String));
    const wrong = await as(member.token, 'POST', '/account/two-factor/enable', {
      code: '000000' === codeAt(secret, now()) ? '111111' : '000000',
    });
    expect(wrong.json()).toEqual({ message: INVALID_CODE, statusCode: 400 });
    const bad = await as(member.token, 'POST', '/account/two-factor/enable', { code: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter the 6-digit code from your app');
    const on = await as(member.token, 'POST', '/account/two-factor/enable', { code: codeAt(secret, now()) });
    expect(on.statusCode).toBe(200);
    const codes: string[] = on.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect((await as(member.token, 'GET', '/account/two-factor')).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await as(member.token, 'POST', '/account/two-factor/setup')).json()).toEqual({
      message: TWO_FACTOR_ALREADY_ON,
      statusCode: 409,
    });
  });

  it('keeps the secret encrypted and the recovery codes hashed', async () => {
    const { member, secret, recoveryCodes } = await withTwoFactor();
    const row = await t.database.db.selectFrom('two_factor').selectAll().where('user_id', '=', member.user._id).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    expect(row.secret).toMatch(/^v1\./);
    const hashes = await t.database.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', member.user._id)
      .execute();
    expect(hashes).toHaveLength(10);
    const stored = hashes.map((h) => h.code_hash).join(' ');
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replace(/-/g, ''));
  });

  it('answers the password with a challenge, not a session; a code then signs in, once', async () => {
    const { member, secret } = await withTwoFactor();
    const first = await passwordSignIn(member.body.username, member.body.password);
    expect(first.statusCode).toBe(200);
    const answer = signInAnswerSchema.parse(first.json());
    expect(answer).toEqual({ message: TWO_FACTOR_NEEDED, twoFactor: true, challenge: expect.any(String) });
    const challenge = (answer as { challenge: string }).challenge;
    // The challenge is no session.
    expect((await as(challenge, 'GET', '/currentuser')).statusCode).toBe(401);
    const code = codeAt(secret, now());
    const signedIn = await t.api({ method: 'POST', url: '/signin/two-factor', payload: { challenge, code } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user._id).toBe(member.user._id);
    expect((await as(signedIn.json().token, 'GET', '/currentuser')).statusCode).toBe(200);
    // The same code again: refused (replay), even within its window.
    const again = await t.api({ method: 'POST', url: '/signin/two-factor', payload: { challenge, code } });
    expect(again.json()).toEqual({ message: CODE_ALREADY_USED, statusCode: 401 });
  });

  it('accepts a code one step either side, not two', async () => {
    const { member, secret } = await withTwoFactor();
    // Past the step that turned it on, so the step before now is still unused.
    t.clock.advance(2 * STEP_MS);
    const challenge = async () => (await passwordSignIn(member.body.username, member.body.password)).json().challenge as string;
    const tryCode = async (code: string) =>
      t.api({ method: 'POST', url: '/signin/two-factor', payload: { challenge: await challenge(), code } });
    expect((await tryCode(codeAt(secret, now() - 2 * STEP_MS))).json().message).toBe(INVALID_CODE);
    expect((await tryCode(codeAt(secret, now() + 2 * STEP_MS))).json().message).toBe(INVALID_CODE);
    expect((await tryCode(codeAt(secret, now() - STEP_MS))).statusCode).toBe(200);
    expect((await tryCode(codeAt(secret, now() + STEP_MS))).statusCode).toBe(200);
    // The step before the last one used is refused too.
    expect((await tryCode(codeAt(secret, now()))).json().message).toBe(CODE_ALREADY_USED);
  });

  it('takes each recovery code once, whatever the case and dashes', async () => {
    const { member, recoveryCodes } = await withTwoFactor();
    const challenge = async () => (await passwordSignIn(member.body.username, member.body.password)).json().challenge as string;
    const typed = recoveryCodes[3]!.toUpperCase().replace(/-/g, ' ');
    const first = await t.api({ method: 'POST', url: '/signin/two-factor', payload: { challenge: await challenge(), code: typed } });
    expect(first.statusCode, first.body).toBe(200);
    const second = await t.api({
      method: 'POST',
      url: '/signin/two-factor',
      payload: { challenge: await challenge(), code: recoveryCodes[3] },
    });
    expect(second.json()).toEqual({ message: INVALID_RECOVERY_CODE, statusCode: 401 });
    expect((await as(first.json().token, 'GET', '/account/two-factor')).json().recoveryCodesLeft).toBe(9);
  });

  it('refuses a forged, expired or voided challenge', async () => {
    const { member, secret } = await withTwoFactor();
    const { challenge } = (await passwordSignIn(member.body.username, member.body.password)).json();
    const forged = `${challenge.slice(0, -4)}AAAA`;
    const code = codeAt(secret, now());
    expect((await t.api({ method: 'POST', url: '/signin/two-factor', payload: { challenge: forged, code } })).json()).toEqual({
      message: CHALLENGE_EXPIRED,
      statusCode: 401,
    });
    // A session token is no challenge.
    expect((await t.api({ method: 'POST', url: '/signin/two-factor', payload: { challenge: member.token, code } })).statusCode).toBe(401);
    t.clock.advance(6 * 60_000);
    expect(
      (await t.api({ method: 'POST', url: '/signin/two-factor', payload: { challenge, code: codeAt(secret, now()) } })).json().message,
    ).toBe(CHALLENGE_EXPIRED);
  });

  it('turns off and makes new recovery codes only with the password and a code', async () => {
    const { member, secret, recoveryCodes } = await withTwoFactor();
    const body = (password: string, code: string) => ({ password, code });
    expect((await as(member.token, 'POST', '/account/two-factor/disable', body('wrong password', codeAt(secret, now())))).json()).toEqual({
      message: WRONG_PASSWORD,
      statusCode: 400,
    });
    expect((await as(member.token, 'POST', '/account/two-factor/disable', { password: member.body.password })).statusCode).toBe(400);
    const renewed = await as(member.token, 'POST', '/account/two-factor/recovery-codes', body(member.body.password, codeAt(secret, now())));
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh: string[] = renewed.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    const { challenge } = (await passwordSignIn(member.body.username, member.body.password)).json();
    expect((await t.api({ method: 'POST', url: '/signin/two-factor', payload: { challenge, code: recoveryCodes[0] } })).statusCode).toBe(
      401,
    );
    t.clock.advance(STEP_MS);
    const off = await as(member.token, 'POST', '/account/two-factor/disable', body(member.body.password, codeAt(secret, now())));
    expect(off.statusCode, off.body).toBe(200);
    expect((await passwordSignIn(member.body.username, member.body.password)).json().token).toEqual(expect.any(String));
    expect(
      await t.database.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', member.user._id).execute(),
    ).toEqual([]);
  });

  it('asks for a code beside the password to delete the account while it is on', async () => {
    const { member, secret } = await withTwoFactor();
    const asDelete = (payload: object) => as(member.token, 'POST', '/account/deletion', payload);
    expect((await as(member.token, 'GET', '/account/deletion')).json()).toEqual({ deletion: null, codeNeeded: true });
    expect((await asDelete({ password: member.body.password })).json()).toEqual({ message: TWO_FACTOR_NEEDED, statusCode: 400 });
    expect((await asDelete({ password: member.body.password, code: '000000' })).json()).toEqual({ message: INVALID_CODE, statusCode: 400 });
    // A wrong password is told first, and does not use the code up.
    const code = codeAt(secret, now());
    expect((await asDelete({ password: 'wrong password', code })).json()).toEqual({ message: WRONG_PASSWORD, statusCode: 400 });
    const scheduled = await asDelete({ password: member.body.password, code });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().deletion).toEqual({ requestedAt: expect.any(String), deleteAfter: expect.any(String) });
    // Off, the password alone does (another member, no second factor).
    const plain = await signUp(t);
    expect((await as(plain.token, 'GET', '/account/deletion')).json()).toEqual({ deletion: null, codeNeeded: false });
    expect((await as(plain.token, 'POST', '/account/deletion', { password: plain.body.password })).statusCode).toBe(200);
  });

  it('asks an administrator without it to set it up, and the admin API answers them only once it is on; the admin form asks for a code then', async () => {
    const { member, secret } = await withTwoFactor();
    const admin = await signUp(t);
    await t.database.db.updateTable('users').set({ role: 'ADMIN' }).where('id', 'in', [admin.user._id, member.user._id]).execute();
    const plain = await passwordSignIn(admin.body.username, admin.body.password, '/admin/signin');
    expect(plain.json()).toMatchObject({ token: expect.any(String), twoFactorSetupRequired: true });
    expect((await as(plain.json().token, 'GET', '/account/two-factor')).json()).toMatchObject({ required: true, enabled: false });
    // The admin API refuses them until it is on; Settings > Security stays open to them.
    expect((await as(plain.json().token, 'GET', '/admin/dashboard')).json()).toEqual({
      message: ADMIN_TWO_FACTOR_REQUIRED,
      statusCode: 403,
    });
    const challenged = await passwordSignIn(member.body.username, member.body.password, '/admin/signin');
    const { challenge } = challenged.json();
    const done = await t.api({ method: 'POST', url: '/signin/two-factor', payload: { challenge, code: codeAt(secret, now()) } });
    expect(done.statusCode).toBe(200);
    expect(done.json().twoFactorSetupRequired).toBeUndefined();
    expect(done.json().user.role).toBe('ADMIN');
    expect((await as(done.json().token, 'GET', '/admin/dashboard')).statusCode).toBe(200);
  });

  it('lets administrators without it through when the server says optional', async () => {
    const relaxed = await createTestApp(dialect, { env: { TWO_FACTOR_FOR_ADMINS: 'optional' } });
    try {
      const admin = await signUp(relaxed);
      await relaxed.database.db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', admin.user._id).execute();
      const answer = await relaxed.api({ method: 'GET', url: '/admin/dashboard', headers: bearer(admin.token) });
      expect(answer.statusCode, answer.body).toBe(200);
    } finally {
      await relaxed.close();
    }
  });

  it('asks a session for every settings route (banned members: 403); the second step is public', async () => {
    const banned = await signUp(t);
    await t.database.db.updateTable('users').set({ is_banned: 1 }).where('id', '=', banned.user._id).execute();
    const both = { password: 'x', code: '123456' };
    const routes: ['GET' | 'POST', string, object | undefined][] = [
      ['GET', '/account/two-factor', undefined],
      ['POST', '/account/two-factor/setup', undefined],
      ['POST', '/account/two-factor/enable', { code: '123456' }],
      ['POST', '/account/two-factor/disable', both],
      ['POST', '/account/two-factor/recovery-codes', both],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await t.api({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.json(), `${method} ${url}`).toEqual({ message: 'Please sign in to continue', statusCode: 401 });
      const refused = await as(banned.token, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
    const second = await t.api({ method: 'POST', url: '/signin/two-factor', payload: { challenge: 'x', code: '123456' } });
    expect(second.json()).toEqual({ message: CHALLENGE_EXPIRED, statusCode: 401 });
  });

  it('limits wrong codes per account', async () => {
    const limited = await createTestApp(dialect, { realRateLimits: true });
    try {
      const member = await signUp(limited);
      const token = member.token;
      const { secret } = (await limited.api({ method: 'POST', url: '/account/two-factor/setup', headers: bearer(token) })).json();
      const enable = await limited.api({
        method: 'POST',
        url: '/account/two-factor/enable',
        headers: bearer(token),
        payload: { code: codeAt(secret, limited.clock.now().getTime()) },
      });
      expect(enable.statusCode).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const address = freshAddress();
        const { challenge } = (
          await limited.api({
            method: 'POST',
            url: '/signin',
            remoteAddress: address,
            payload: { provider: 'local', username: member.body.username, password: member.body.password },
          })
        ).json();
        const wrong = await limited.api({
          method: 'POST',
          url: '/signin/two-factor',
          remoteAddress: address,
          payload: { challenge, code: '12345x' },
        });
        statuses.push(wrong.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
