import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_LIMIT, REPORT_LIMIT } from '../../../src/api/moderation';
import { createTestApp, dialects, type TestApp } from '../harness';
import { banMember } from '../moderation';
import { call, member, ok, post, type Member } from '../social';

function expectLimited(response: LightMyRequestResponse, windowSeconds: number) {
  expect(response.statusCode, response.body).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.json()).toMatchObject({
    statusCode: 429,
    message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ (seconds|minutes|hours)\.$/),
  });
}

/** Counts in memory, and in Redis when there is one (shared by every process). */
const stores = process.env.TEST_REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);
const cases = dialects.flatMap((dialect) => stores.map((store) => [dialect, store] as const));

/** The production figures (REPORT_LIMIT, APPEAL_LIMIT), looped for real. */
describe.each(cases)('moderation limits on %s, counted in %s', (dialect, store) => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect, { realRateLimits: true, env: store === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL! } : {} });
    admin = await member(t, { admin: true });
  });
  afterAll(() => t.close());

  /** The limiter's keys for this member in Redis (none when counting in memory). */
  async function redisKeys(memberId: string): Promise<string[]> {
    if (store !== 'redis') return [];
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      return await redis.keys(`stoa-rl-*:${memberId}`);
    } finally {
      redis.disconnect();
    }
  }

  it(`allows ${REPORT_LIMIT.max} reports an hour per member, posts and profiles together; refused ones do not count`, async () => {
    const reporter = await member(t);
    const authors = [await member(t), await member(t)];
    const posts = [];
    for (let i = 0; i < REPORT_LIMIT.max; i += 1) posts.push(await post(t, authors[i % 2], { post: `post ${i}` }));
    // A refused report (a duplicate) uses up nothing.
    await ok(t, reporter, 'POST', '/reportpost', { postId: posts[0]._id, reason: 'spam' }, 201);
    expect((await call(t, reporter, 'POST', '/reportpost', { postId: posts[0]._id, reason: 'spam' })).statusCode).toBe(409);
    await ok(t, reporter, 'POST', '/reportprofile', { userId: authors[0].id, reason: 'Spam' }, 201);
    for (let i = 2; i < REPORT_LIMIT.max; i += 1)
      await ok(t, reporter, 'POST', '/reportpost', { postId: posts[i]._id, reason: 'other' }, 201);
    expectLimited(await call(t, reporter, 'POST', '/reportpost', { postId: posts[1]._id, reason: 'spam' }), REPORT_LIMIT.windowMs / 1000);
    expectLimited(
      await call(t, reporter, 'POST', '/reportprofile', { userId: authors[1].id, reason: 'Spam' }),
      REPORT_LIMIT.windowMs / 1000,
    );
    // Per member: someone else reports as usual.
    await ok(t, await member(t), 'POST', '/reportpost', { postId: posts[1]._id, reason: 'spam' }, 201);
    if (store === 'redis') expect((await redisKeys(reporter.id)).some((key) => key.includes(`reports:${reporter.id}`))).toBe(true);
  });

  it(`allows ${APPEAL_LIMIT.max} appeals a day per member`, async () => {
    const banned = await member(t);
    await banMember(t, admin, banned);
    for (let i = 0; i < APPEAL_LIMIT.max; i += 1) {
      const { appeal } = await ok(t, banned, 'POST', '/appeal', { message: `Please reconsider, attempt number ${i + 1}.` }, 201);
      await ok(t, admin, 'PUT', '/admin/appeal/status', { appealId: appeal._id, status: 'rejected', reply: 'No.' });
    }
    expectLimited(await call(t, banned, 'POST', '/appeal', { message: 'Please reconsider, one more time.' }), APPEAL_LIMIT.windowMs / 1000);
    if (store === 'redis') expect((await redisKeys(banned.id)).some((key) => key.includes(`appeals:${banned.id}`))).toBe(true);
  });
});
