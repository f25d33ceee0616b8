import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, freshAddress, signUp, type TestApp } from './harness';

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

  it('allows 25 failed sign-ins per account in an hour, from any address', async () => {
    const member = await signUp(t, {});
    for (let i = 0; i < 25; i += 1) {
      expect((await signIn(member.body.username.toUpperCase(), 'wrong password', freshAddress())).statusCode).toBe(401);
    }
    const limited = await signIn(member.body.email, member.body.password, freshAddress());
    expectLimited(limited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(300);
    // The admin form shares the count, and another account is untouched.
    expectLimited(await t.api({ method: 'POST', url: '/admin/signin', remoteAddress: freshAddress(), payload: { username: member.body.username, password: 'x' } }));
    const other = await signUp(t);
    expect((await signIn(other.body.username, other.body.password, freshAddress())).statusCode).toBe(200);
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
    const adjust = (config: TestApp['config']) => ({
      ...config,
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
