import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slowdownMs } from '../../../server/modules/auth/limits';
import { loadConfig } from '../../../server/config';
import { createTestApp, dialects, freshAddress, newMember, signUp, type TestApp } from '../harness';
import { readOutbox, resetTokenOf } from '../outbox';

function expectLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  const body = response.json();
  expect(body.statusCode).toBe(429);
  expect(body.message).toMatch(/^Too many attempts\. Please try again in \d+ (seconds|minutes|hours)\.$/);
}

/** The production figures, looped for real: they are small enough to be cheap. */
describe.each(dialects)('rate limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { realRateLimits: true });
  });
  afterAll(() => t.close());

  const signIn = (username: string, password: string, remoteAddress: string) =>
    t.api({ method: 'POST', url: '/signin', remoteAddress, payload: { provider: 'local', username, password } });
  const forgot = (email: string, remoteAddress: string) =>
    t.api({ method: 'POST', url: '/forgot-password', remoteAddress, payload: { email } });

  it('allows 25 sign-ins per address in 5 minutes', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 25; i += 1) expect((await signIn(`someone${i}`, 'whatever', ip)).statusCode).toBe(401);
    expectLimited(await signIn('someone', 'whatever', ip));
    expect((await signIn('someone', 'whatever', freshAddress())).statusCode).toBe(401);
    // The window passes (the plugin's own store keeps real time, so this checks the header's promise).
    expect(Number((await signIn('someone', 'whatever', ip)).headers['retry-after'])).toBeLessThanOrEqual(300);
  });

  it('counts the member form (password and Google) and the admin form as one per address', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 13; i += 1) expect((await signIn(`someone${i}`, 'whatever', ip)).statusCode).toBe(401);
    for (let i = 0; i < 12; i += 1) {
      expect(
        (await t.api({ method: 'POST', url: '/admin/signin', remoteAddress: ip, payload: { username: `admin${i}`, password: 'x' } }))
          .statusCode,
      ).toBe(401);
    }
    expectLimited(await t.api({ method: 'POST', url: '/admin/signin', remoteAddress: ip, payload: { username: 'admin', password: 'x' } }));
    expectLimited(await signIn('someone', 'whatever', ip));
    expectLimited(
      await t.api({ method: 'POST', url: '/signin', remoteAddress: ip, payload: { provider: 'google', payload: { idToken: 'x' } } }),
    );
  });

  it('lets 30 members behind one address sign in, counting only failures against it', async () => {
    const members = [];
    for (let i = 0; i < 30; i += 1) {
      const body = await newMember();
      expect((await t.api({ method: 'POST', url: '/signup', remoteAddress: freshAddress(), payload: body })).statusCode).toBe(201);
      members.push(body);
    }
    const school = freshAddress();
    for (const body of members) expect((await signIn(body.username, body.password, school)).statusCode).toBe(200);
    for (let i = 0; i < 25; i += 1) expect((await signIn(`someone${i}`, 'whatever', school)).statusCode).toBe(401);
    expectLimited(await signIn(members[0]!.username, members[0]!.password, school));
  });

  it('counts sign-ins still running against the address, so a burst sent at once stops at the limit', async () => {
    const member = await signUp(t);
    const burst = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(i % 2 ? member.body.username : `nobody${i}`, 'wrong password', burst)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(25);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(15);
    expectLimited(await signIn(member.body.username, member.body.password, burst));
  });

  it('does not count successful sign-ins against the account', async () => {
    const member = await signUp(t);
    for (let i = 0; i < 30; i += 1) {
      expect((await signIn(member.body.username, member.body.password, `198.51.100.${i + 1}`)).statusCode).toBe(200);
    }
  });

  it('allows 25 sign-ups per address in 5 minutes, counting bad ones', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 25; i += 1) {
      expect((await t.api({ method: 'POST', url: '/signup', remoteAddress: ip, payload: { username: 'x' } })).statusCode).toBe(400);
    }
    expectLimited(await t.api({ method: 'POST', url: '/signup', remoteAddress: ip, payload: { username: 'x' } }));
  });

  it('allows 5 reset e-mails per address per 30 minutes, and 20 per client address', async () => {
    const email = `limit-${randomBytes(4).toString('hex')}@example.org`;
    for (let i = 0; i < 5; i += 1) expect((await forgot(email, freshAddress())).statusCode).toBe(200);
    const limited = await forgot(email.toUpperCase(), freshAddress());
    expectLimited(limited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(25 * 60);

    const ip = freshAddress();
    for (let i = 0; i < 20; i += 1) expect((await forgot(`n${i}-${email}`, ip)).statusCode).toBe(200);
    expectLimited(await forgot(`another-${email}`, ip));
  });

  it('applies a generous global limit per address, loopback included', async () => {
    const answers = await Promise.all(Array.from({ length: 600 }, () => t.api({ method: 'GET', url: '/health' })));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const limited = await t.api({ method: 'GET', url: '/health' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await t.api({ method: 'GET', url: '/health', remoteAddress: freshAddress() })).statusCode).toBe(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(Boolean(redisUrl))('rate limits in Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // One deployment: both processes count under the same keys.
    const rateLimitNamespace = `stoa-rl-${randomBytes(6).toString('hex')}-`;
    const adjust = (config: TestApp['config']) => ({
      ...config,
      rateLimitNamespace,
      rateLimits: { ...config.rateLimits, forgotPasswordPerEmail: { max: 5, windowMs: 60_000 } },
    });
    [a, b] = await Promise.all([
      createTestApp('sqlite', { env: { REDIS_URL: redisUrl! }, adjust }),
      createTestApp('sqlite', { env: { REDIS_URL: redisUrl! }, adjust }),
    ]);
  });
  afterAll(() => Promise.all([a.close(), b.close()]));

  it('shares counts between server processes', async () => {
    const email = `shared-${randomBytes(6).toString('hex')}@example.org`;
    for (const app of [a, b, a, b, a]) {
      expect((await app.api({ method: 'POST', url: '/forgot-password', payload: { email } })).statusCode).toBe(200);
    }
    expectLimited(await b.api({ method: 'POST', url: '/forgot-password', payload: { email } }));
  });
});

/**
 * Guessing an account's password: stopped per account AND address, slowed per account, never
 * locked for its owner. The per-address limit is raised here so the per-account counts show.
 */
describe.each(dialects)('failed sign-ins on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      realRateLimits: true,
      adjust: (config) => ({ ...config, rateLimits: { ...config.rateLimits, signInPerIp: { max: 10_000, windowMs: 5 * 60_000 } } }),
    });
  });
  afterAll(() => t.close());

  const signIn = (username: string, password: string, remoteAddress: string) =>
    t.api({ method: 'POST', url: '/signin', remoteAddress, payload: { provider: 'local', username, password } });
  const adminSignIn = (username: string, password: string, remoteAddress: string) =>
    t.api({ method: 'POST', url: '/admin/signin', remoteAddress, payload: { username, password } });

  it('stop a guesser at their address after 25 in an hour, while the owner signs in from elsewhere', async () => {
    const member = await signUp(t);
    const other = await signUp(t);
    const guesser = freshAddress();
    // The member form and the admin form count together.
    for (let i = 0; i < 12; i += 1)
      expect((await signIn(member.body.username.toUpperCase(), 'wrong password', guesser)).statusCode).toBe(401);
    for (let i = 0; i < 12; i += 1) expect((await adminSignIn(member.body.username, 'wrong password', guesser)).statusCode).toBe(401);
    expect((await signIn(member.body.username, 'wrong password', guesser)).statusCode).toBe(401);
    const limited = await signIn(member.body.username, member.body.password, guesser);
    expectLimited(limited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(300);
    expectLimited(await adminSignIn(member.body.username, member.body.password, guesser));
    // The owner, and everyone else at that address, are untouched.
    expect((await signIn(member.body.username, member.body.password, freshAddress())).statusCode).toBe(200);
    expect((await signIn(other.body.username, other.body.password, guesser)).statusCode).toBe(200);
  });

  it("treat a try by the member's e-mail like an unrelated e-mail after failures on their username", async () => {
    const member = await signUp(t);
    const guesser = freshAddress();
    for (let i = 0; i < 25; i += 1) expect((await signIn(member.body.username, 'wrong password', guesser)).statusCode).toBe(401);
    expectLimited(await signIn(member.body.username, 'wrong password', guesser));
    // Counted per identifier as typed: the e-mail's answer is an unrelated e-mail's (401, not 429).
    const byEmail = await signIn(member.body.email, 'wrong password', guesser);
    const unrelated = await signIn(`nobody-${randomBytes(4).toString('hex')}@example.org`, 'wrong password', guesser);
    expect([byEmail.statusCode, byEmail.json().message]).toEqual([unrelated.statusCode, unrelated.json().message]);
    expect(byEmail.statusCode).toBe(401);
  });

  it('never lock the owner out, however many addresses guess', async () => {
    const member = await signUp(t);
    for (let i = 0; i < 40; i += 1) expect((await signIn(member.body.username, `guess ${i}`, freshAddress())).statusCode).toBe(401);
    expect((await signIn(member.body.username, member.body.password, freshAddress())).statusCode).toBe(200);
  });

  it('start afresh after a password reset', async () => {
    const member = await signUp(t);
    const guesser = freshAddress();
    for (let i = 0; i < 25; i += 1) expect((await signIn(member.body.username, 'wrong password', guesser)).statusCode).toBe(401);
    expectLimited(await signIn(member.body.username, member.body.password, guesser));
    expect(
      (await t.api({ method: 'POST', url: '/forgot-password', remoteAddress: freshAddress(), payload: { email: member.body.email } }))
        .statusCode,
    ).toBe(200);
    const mail = (await readOutbox(t)).find((m) => m.to && JSON.stringify(m.to).includes(member.body.email));
    const reset = await t.api({
      method: 'POST',
      url: `/reset-password/${resetTokenOf(mail!)}`,
      remoteAddress: freshAddress(),
      payload: { password: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(member.body.username, 'a brand new passphrase', guesser)).statusCode).toBe(200);
  });
});

/** The slowdown's decision, read from its log line (its waits are milliseconds in tests, and time is never asserted). */
describe.each(dialects)('the sign-in slowdown on %s', (dialect) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp(dialect, { env: { LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, logStream });
  });
  afterAll(() => t.close());

  const slowedDown = async (username: string) => {
    lines.length = 0;
    const response = await t.api({
      method: 'POST',
      url: '/signin',
      remoteAddress: freshAddress(),
      payload: { provider: 'local', username, password: 'wrong password' },
    });
    expect(response.statusCode).toBe(401);
    return lines.some((line) => line.includes('sign-in slowed down'));
  };

  it("never links a member's e-mail to their username: after failures on the username, the e-mail is treated like an unrelated one", async () => {
    const member = await signUp(t);
    for (let i = 0; i < 12; i += 1) await slowedDown(member.body.username);
    expect(await slowedDown(member.body.username)).toBe(true);
    expect(await slowedDown(member.body.email)).toBe(false);
    expect(await slowedDown(`unrelated-${randomBytes(4).toString('hex')}@example.org`)).toBe(false);
    // And the other way round.
    for (let i = 0; i < 12; i += 1) await slowedDown(member.body.email);
    expect(await slowedDown(member.body.email)).toBe(true);
    expect(await slowedDown(member.body.username.toUpperCase())).toBe(true);
  });
});

describe('the slowdown of a much-guessed account', () => {
  it('waits nothing for the first failures, then a quarter second more per failure, at most 3 seconds', () => {
    const rule = loadConfig({ DATA_DIR: '/tmp/stoa-unused', JWT_SECRET: 'x'.repeat(64) }).signInSlowdown;
    expect(rule).toEqual({ afterFailures: 10, stepMs: 250, maxMs: 3000 });
    expect([0, 10, 11, 14, 22, 23, 500].map((failures) => slowdownMs(failures, rule))).toEqual([0, 0, 250, 1000, 3000, 3000, 3000]);
  });
});
