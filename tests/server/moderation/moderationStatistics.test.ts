import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, PerMonth } from '../../../src/api/moderation';
import { createTestApp, dialects, type TestApp } from '../harness';
import { banMember, setClock } from '../moderation';
import { member, ok, post, refused, type Member } from '../social';

const months = (answer: PerMonth) => Object.fromEntries(answer.months.filter((m) => m.count !== 0).map((m) => [m.month, m.count]));

/**
 * The admin statistics on a fixed clock, across a month (and a year) boundary in UTC: members and
 * posts are counted per UTC day in the writing transaction (triggers), and aggregated by SQL.
 */
describe.each(dialects)('admin statistics on %s', (dialect) => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('counts members (admins left out) and posts per UTC day, month and year, and follows inserts and deletes', async () => {
    // 31 January 2031, two minutes before midnight UTC.
    setClock(t, '2031-01-31T23:58:00.000Z');
    admin = await member(t, { admin: true });
    const ann = await member(t);
    const bob = await member(t);
    const january = [await post(t, ann), await post(t, ann, { post: 'second' })];
    await ok(t, bob, 'POST', '/question', { post: 'A question?' }, 201);

    // 1 February 2031.
    setClock(t, '2031-02-01T00:01:00.000Z');
    const cat = await member(t);
    await post(t, cat, { post: 'in February' });
    await ok(t, ann, 'DELETE', `/post/${january[0]._id}`);

    // The admin who joined on 31 January is no member: three members joined, two in January.
    expect(months(await ok(t, admin, 'GET', '/admin/statistic/userpermonth?year=2031'))).toEqual({ 1: 2, 2: 1 });
    expect(months(await ok(t, admin, 'GET', '/admin/statistic/postpermonth?year=2031'))).toEqual({ 1: 2, 2: 1 });
    const defaultYear: PerMonth = await ok(t, admin, 'GET', '/admin/statistic/postpermonth');
    expect(defaultYear.year).toBe(2031);
    expect(defaultYear.months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(months(await ok(t, admin, 'GET', '/admin/statistic/userpermonth?year=2030'))).toEqual({});
    expect(await ok(t, admin, 'GET', '/admin/newusertoday')).toEqual({ count: 1 });
    expect(await ok(t, admin, 'GET', '/admin/getpostcount')).toEqual({ count: 3 });
    expect(await ok(t, admin, 'GET', '/admin/statistic/user')).toEqual({ totalUsers: 3, newUsersToday: 1, bannedUsers: 0 });
    expect(await ok(t, admin, 'GET', '/admin/statistic/post')).toEqual({ totalPosts: 3, postsToday: 1, hiddenPosts: 0 });
    expect(await ok(t, admin, 'GET', '/admin/statistic/userperyear')).toEqual({ years: [{ year: 2031, count: 3 }] });
    // The members list still shows every account, the admin too.
    expect((await ok(t, admin, 'GET', '/admin/users/all/1')).total).toBe(4);

    await banMember(t, admin, bob);
    await ok(t, admin, 'POST', '/admin/hirepost', { postId: january[1]._id, reason: 'Spam' });
    const dashboard = await ok(t, admin, 'GET', '/admin/dashboard');
    expect(dashboard).toMatchObject({
      users: { totalUsers: 3, newUsersToday: 1, bannedUsers: 1 },
      posts: { totalPosts: 3, postsToday: 1, hiddenPosts: 1 },
      openReports: { profiles: 0, posts: 0 },
      pendingAppeals: 0,
    });
    // The sparklines: the twelve months up to February 2031, March 2030 first.
    const sparkline = (series: { year: number; month: number; count: number }[]) => series.map((m) => `${m.year}-${m.month}:${m.count}`);
    expect(sparkline(dashboard.lastMonths.users)).toEqual([
      ...[3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => `2030-${m}:0`),
      '2031-1:2',
      '2031-2:1',
    ]);
    expect(sparkline(dashboard.lastMonths.posts).slice(-3)).toEqual(['2030-12:0', '2031-1:2', '2031-2:1']);
    expect(dashboard.recentActions.map((a: { action: string }) => a.action)).toEqual(['hide', 'ban']);

    // A member removed from the database takes their posts with them (cascades count too).
    await t.database.db.deleteFrom('users').where('id', '=', ann.id).execute();
    expect(months(await ok(t, admin, 'GET', '/admin/statistic/userpermonth?year=2031'))).toEqual({ 1: 1, 2: 1 });
    expect(months(await ok(t, admin, 'GET', '/admin/statistic/postpermonth?year=2031'))).toEqual({ 1: 1, 2: 1 });

    // Two years on (sessions have expired: a new admin signs up then), the years in between are zeros.
    setClock(t, '2033-03-01T12:00:00.000Z');
    const later = await member(t, { admin: true });
    expect(await ok(t, later, 'GET', '/admin/statistic/userperyear')).toEqual({
      years: [
        { year: 2031, count: 2 },
        { year: 2032, count: 0 },
        { year: 2033, count: 0 },
      ],
    });
    expect(await ok(t, later, 'GET', '/admin/statistic/postperyear')).toEqual({
      years: [
        { year: 2031, count: 2 },
        { year: 2032, count: 0 },
        { year: 2033, count: 0 },
      ],
    });
    expect((await ok(t, later, 'GET', '/admin/statistic/userpermonth')).year).toBe(2033);
    // The admin who joined today is not a new member.
    expect(await ok(t, later, 'GET', '/admin/newusertoday')).toEqual({ count: 0 });
    await member(t);
    expect(await ok(t, later, 'GET', '/admin/newusertoday')).toEqual({ count: 1 });
  });

  it('refuses a bad year or an unknown query', async () => {
    const who = await member(t, { admin: true });
    await refused(t, who, 'GET', '/admin/statistic/userpermonth?year=abc', undefined, 400, 'Year must be a whole number');
    await refused(t, who, 'GET', '/admin/statistic/userpermonth?year=1999', undefined, 400, 'Year must be from 2000 to 2100');
    await refused(t, who, 'GET', '/admin/statistic/postpermonth?year=2030.5', undefined, 400, 'Year must be a whole number');
    await refused(t, who, 'GET', '/admin/statistic/postpermonth?month=1', undefined, 400);
    await refused(t, who, 'GET', '/admin/dashboard?all=1', undefined, 400);
  });
});

describe.each(dialects)('the admin members list on %s', (dialect) => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await member(t, { admin: true });
  });
  afterAll(() => t.close());

  it('pages every member, newest first, 20 a page, with role, join date, posts and ban state', async () => {
    const people: Member[] = [];
    for (let i = 0; i < 21; i += 1) people.push(await member(t));
    await post(t, people[20]);
    await post(t, people[20], { post: 'two' });
    await banMember(t, admin, people[19], 'Rude');
    const one = await ok(t, admin, 'GET', '/admin/users/all/1');
    expect(one.items).toHaveLength(20);
    expect(one).toMatchObject({ page: 1, hasMore: true, total: 22 });
    const [newest, next] = one.items as AdminUser[];
    expect(newest).toMatchObject({
      _id: people[20].id,
      email: people[20].email,
      role: 'USER',
      postsCount: 2,
      isBanned: false,
      banReason: '',
      bannedAt: null,
    });
    expect(next).toMatchObject({ _id: people[19].id, isBanned: true, banReason: 'Rude' });
    const two = await ok(t, admin, 'GET', '/admin/users/all/2');
    expect(two.items.map((u: AdminUser) => u._id)).toEqual([people[0].id, admin.id]);
    expect(two.items[1].role).toBe('ADMIN');
    expect(two.hasMore).toBe(false);
    expect((await ok(t, admin, 'GET', '/admin/users/all/3')).items).toEqual([]);
  });

  it('searches usernames and e-mails from their start, case-insensitively, with no total', async () => {
    const zed = await member(t);
    const search = async (term: string) => {
      const answer = await ok(t, admin, 'GET', `/admin/users/all/1?search=${encodeURIComponent(term)}`);
      expect(answer.total).toBeNull();
      return (answer.items as AdminUser[]).map((u) => u._id);
    };
    expect(await search(zed.username.toUpperCase())).toEqual([zed.id]);
    expect(await search(zed.email.slice(0, zed.email.indexOf('@') + 3))).toEqual([zed.id]);
    expect(await search(zed.username.slice(0, 9))).toContain(zed.id); // "member_NN"
    expect(await search(zed.username.slice(3))).toEqual([]); // not a prefix
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('member')).toHaveLength(20);
    expect((await ok(t, admin, 'GET', '/admin/users/all/1?search=')).total).not.toBeNull();
    await refused(t, admin, 'GET', `/admin/users/all/1?search=${'x'.repeat(101)}`, undefined, 400, 'Search must not exceed 100 characters');
    await refused(t, admin, 'GET', '/admin/users/all/0', undefined, 400, 'Page must be a whole number from 1');
    await refused(t, admin, 'GET', '/admin/users/all/1?role=ADMIN', undefined, 400);
  });
});
