import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_PAGE_SIZE, usersListSchema } from '../../../src/api/users/follows';
import { createTestApp, dialects, type TestApp } from '../harness';
import { block, follow, member, ok, refused, type Member } from '../social';

const MISSING = '01890000-0000-7000-8000-000000000000';

describe.each(dialects)('follows and blocks on %s', (dialect) => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [ada, bob] = [await member(t), await member(t)];
  });
  afterAll(() => t.close());

  const ids = (list: { users: { _id: string }[] }) => list.users.map((u) => u._id);

  it('follows and unfollows, idempotently, and lists both ways without e-mails', async () => {
    expect(await follow(t, ada, bob)).toEqual({ message: 'Followed successfully', userId: bob.id, following: true });
    await follow(t, ada, bob);
    const followers = usersListSchema.parse(await ok(t, ada, 'GET', `/user/followers/${bob.id}`));
    expect(followers).toEqual({ users: [expect.objectContaining({ _id: ada.id, username: ada.username })], count: 1, nextCursor: null });
    expect(JSON.stringify(followers)).not.toContain('@example.org');
    expect(ids(await ok(t, bob, 'GET', `/user/following/${ada.id}`))).toEqual([bob.id]);
    expect(await ok(t, ada, 'PUT', `/user/unfollow/${bob.id}`)).toEqual({
      message: 'Unfollowed successfully',
      userId: bob.id,
      following: false,
    });
    await ok(t, ada, 'PUT', `/user/unfollow/${bob.id}`);
    expect((await ok(t, ada, 'GET', `/user/followers/${bob.id}`)).count).toBe(0);
  });

  it('pages followers and following newest first by cursor; the first page counts them; blocked members are out of both', async () => {
    const star = await member(t);
    const fans = await Promise.all(Array.from({ length: USERS_PAGE_SIZE + 5 }, () => member(t)));
    for (const fan of fans) await follow(t, fan, star);
    for (const fan of fans.slice(0, 3)) await follow(t, star, fan);
    await block(t, fans[0], ada); // in a block with the reader: left out for Ada, not for Bob
    const page = async (who: Member, path: string) => usersListSchema.parse(await ok(t, who, 'GET', path));

    const first = await page(ada, `/user/followers/${star.id}`);
    expect([first.users.length, first.count]).toEqual([USERS_PAGE_SIZE, USERS_PAGE_SIZE + 4]);
    expect(first.nextCursor).toMatch(/^\d{4}-.*_/);
    // Newest follow first (follows made in the same millisecond are ordered by the follower's id).
    expect(ids(first)).toContain(fans.at(-1)!.id);
    const second = await page(ada, `/user/followers/${star.id}?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect([second.users.length, second.count, second.nextCursor]).toEqual([4, undefined, null]);
    const all = [...ids(first), ...ids(second)];
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(
      fans
        .slice(1)
        .map((f) => f.id)
        .sort(),
    );
    expect((await page(bob, `/user/followers/${star.id}`)).count).toBe(USERS_PAGE_SIZE + 5);

    const following = await page(ada, `/user/following/${star.id}`);
    // (Fans[0] blocked Ada; the order of two follows made in one millisecond is their ids', so compared as a set.)
    expect([ids(following).sort(), following.count, following.nextCursor]).toEqual([[fans[1].id, fans[2].id].sort(), 2, null]);
    await refused(
      t,
      ada,
      'GET',
      `/user/followers/${star.id}?cursor=yesterday`,
      undefined,
      400,
      'Cursor must look like 2025-01-31T12:00:00.000Z_<id>',
    );
    await ok(t, fans[0], 'PUT', `/user/unblock/${ada.id}`);
  });

  it('refuses following yourself, unknown members and malformed ids', async () => {
    await refused(t, ada, 'PUT', `/user/follow/${ada.id}`, undefined, 400, 'You cannot follow yourself');
    await refused(t, ada, 'PUT', `/user/block/${ada.id}`, undefined, 400, 'You cannot block yourself');
    await refused(t, ada, 'PUT', `/user/follow/${MISSING}`, undefined, 404, 'User not found');
    await refused(t, ada, 'PUT', '/user/follow/bob', undefined, 404, 'User not found');
    await refused(t, ada, 'GET', `/user/followers/${MISSING}`, undefined, 404, 'User not found');
    await refused(t, null, 'PUT', `/user/follow/${bob.id}`, undefined, 401);
  });

  it('a block removes follows both ways and stops new ones from either side', async () => {
    const [carol, dave] = [await member(t), await member(t)];
    await follow(t, carol, dave);
    await follow(t, dave, carol);
    expect(await block(t, carol, dave)).toEqual({ message: 'Blocked successfully', userId: dave.id, blocked: true });
    expect((await ok(t, carol, 'GET', `/user/followers/${carol.id}`)).count).toBe(0);
    expect((await ok(t, carol, 'GET', `/user/following/${carol.id}`)).count).toBe(0);
    await refused(t, dave, 'PUT', `/user/follow/${carol.id}`, undefined, 403, 'You cannot follow this member');
    await refused(t, carol, 'PUT', `/user/follow/${dave.id}`, undefined, 403, 'Unblock this member before following them');
    expect(ids(await ok(t, carol, 'GET', '/user/blocked'))).toEqual([dave.id]);
    expect((await ok(t, dave, 'GET', '/user/blocked')).count).toBe(0);
    // They are not found to each other in people lists.
    await refused(t, dave, 'GET', `/user/followers/${carol.id}`, undefined, 404, 'User not found');
    await refused(t, carol, 'GET', `/post/user/${dave.id}/1`, undefined, 404, 'User not found');

    expect(await ok(t, carol, 'PUT', `/user/unblock/${dave.id}`)).toEqual({
      message: 'Unblocked successfully',
      userId: dave.id,
      blocked: false,
    });
    await follow(t, dave, carol);
    // Unblocking does not bring the old follows back.
    expect(ids(await ok(t, carol, 'GET', `/user/followers/${carol.id}`))).toEqual([dave.id]);
    expect((await ok(t, carol, 'GET', `/user/following/${carol.id}`)).count).toBe(0);
  });

  it('leaves members in a block with the viewer out of follower lists', async () => {
    const [star, fan, troll] = [await member(t), await member(t), await member(t)];
    await follow(t, fan, star);
    await follow(t, troll, star);
    await block(t, fan, troll);
    expect(ids(await ok(t, fan, 'GET', `/user/followers/${star.id}`))).toEqual([fan.id]);
    expect(ids(await ok(t, troll, 'GET', `/user/followers/${star.id}`))).toEqual([troll.id]);
    expect((await ok(t, star, 'GET', `/user/followers/${star.id}`)).count).toBe(2);
  });
});
