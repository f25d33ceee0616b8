import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_MAX } from '../../../src/api/pages';
import { newId } from '../../../server/db/ids';
import { onlyWidens, touchesVisibility } from '../../../server/db/visibilityEpoch';
import { createTotalsCache } from '../../../server/modules/posts/totals';
import { createTestApp, dialects, type TestApp } from '../harness';
import { block, call, follow, member, ok, post, type Member } from '../social';

/**
 * totalPosts / totalQuestions come from a per-viewer cache (posts/totals.ts) that every write
 * changing visibility outdates: the totals must stay exactly what a count would say.
 */
describe.each(dialects)('list totals on %s', (dialect) => {
  let t: TestApp;
  let author: Member;
  let follower: Member;
  let stranger: Member;
  let admin: Member;

  const totalPosts = async (who: Member, url = '/post/all/1') => (await ok(t, who, 'GET', url)).totalPosts as number;
  const totals = async () => ({
    author: await totalPosts(author),
    follower: await totalPosts(follower),
    stranger: await totalPosts(stranger),
    admin: await totalPosts(admin),
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    author = await member(t);
    follower = await member(t);
    stranger = await member(t);
    admin = await member(t, { admin: true });
    await follow(t, follower, author);
  });
  afterAll(() => t.close());

  it('stays exact after create, privacy change, hide and delete, and differs per viewer', async () => {
    const start = await totals();
    expect(await totals()).toEqual(start); // cached answers are the same answers

    const open = await post(t, author, { post: 'public', privacy: 'Public' });
    const friends = await post(t, author, { post: 'followers', privacy: 'Followers' });
    await post(t, author, { post: 'private', privacy: 'Private' });
    const afterCreate = await totals();
    expect(afterCreate).toEqual({
      author: start.author + 3,
      follower: start.follower + 2,
      stranger: start.stranger + 1,
      admin: start.admin + 3,
    });

    await ok(t, author, 'PUT', `/post/${friends._id}`, { privacy: 'Private' });
    const afterPrivate = { ...afterCreate, follower: afterCreate.follower - 1 };
    expect(await totals()).toEqual(afterPrivate);

    await t.app.services.posts.setHidden(open._id, true);
    expect(await totals()).toEqual({
      author: afterCreate.author, // the author still sees it, marked as hidden
      follower: afterCreate.follower - 2,
      stranger: afterCreate.stranger - 1,
      admin: afterCreate.admin,
    });

    await t.app.services.posts.setHidden(open._id, false);
    expect(await totals()).toEqual(afterPrivate);
    await ok(t, author, 'DELETE', `/post/${open._id}`);
    await ok(t, author, 'DELETE', `/post/${friends._id}`);
    expect(await totals()).toEqual({
      author: start.author + 1,
      follower: start.follower,
      stranger: start.stranger,
      admin: start.admin + 1,
    });
  });

  it('follows the follow and block graph, and keeps questions apart', async () => {
    await post(t, author, { post: 'for followers', privacy: 'Followers' });
    const before = await totals();
    await follow(t, stranger, author);
    expect(await totalPosts(stranger)).toBe(before.stranger + 1);
    await ok(t, stranger, 'PUT', `/user/unfollow/${author.id}`);
    expect(await totalPosts(stranger)).toBe(before.stranger);

    await block(t, author, follower);
    expect(await totalPosts(follower)).toBe(0 + (await ownVisible(follower)));
    expect(await totalPosts(author)).toBe(before.author);

    const questions = (await ok(t, stranger, 'GET', '/question/all/1')).totalQuestions as number;
    await ok(t, author, 'POST', '/question', { post: 'anyone?', privacy: 'Public' }, 201);
    expect((await ok(t, stranger, 'GET', '/question/all/1')).totalQuestions).toBe(questions + 1);
    expect(await totalPosts(stranger)).toBe(before.stranger); // a question is not a post
  });

  /** What the follower sees once blocked: none of the author's posts; their own and others' (none here). */
  async function ownVisible(who: Member) {
    const rows = await t.database.db
      .selectFrom('posts')
      .select('id')
      .where('user_id', '=', who.id)
      .where('kind', '=', 'post')
      .where('group_id', 'is', null)
      .execute();
    return rows.length;
  }

  it('pages by number with the same total a count gives', async () => {
    for (let i = 0; i < 11; i++) await post(t, stranger, { post: `filler ${i}` });
    const first = await ok(t, stranger, 'GET', '/post/all/1');
    const second = await ok(t, stranger, 'GET', '/post/all/2');
    expect(second.totalPosts).toBe(first.totalPosts);
    const response = await call(t, stranger, 'GET', `/post/all/${Math.ceil(first.totalPosts / 10)}`);
    expect(response.json().posts.length).toBeGreaterThan(0);
  });

  it('counts no further than TOTAL_COUNT_MAX, and only what the viewer may see', async () => {
    const prolific = await member(t);
    const model = await t.database.db
      .selectFrom('posts')
      .selectAll()
      .where('id', '=', (await post(t, prolific, { post: 'model', privacy: 'Private' }))._id)
      .executeTakeFirstOrThrow();
    const copies = (count: number, privacy: 'Public' | 'Private') =>
      Array.from({ length: count }, (_, i) => ({
        ...model,
        id: newId(),
        privacy,
        created_at: new Date(Date.parse(model.created_at) + i + 1).toISOString(),
      }));
    const insert = async (rows: ReturnType<typeof copies>) => {
      for (let i = 0; i < rows.length; i += 200)
        await t.database.db
          .insertInto('posts')
          .values(rows.slice(i, i + 200))
          .execute();
    };
    const page = (who: Member) => ok(t, who, 'GET', '/post/all/1');

    // More private posts than the maximum: the stranger's count does not reach them at all.
    const strangerBefore = await page(stranger);
    await insert(copies(TOTAL_COUNT_MAX + 5, 'Private'));
    const strangerAfter = await page(stranger);
    expect(strangerAfter.totalPosts).toBe(strangerBefore.totalPosts);
    expect(strangerAfter.totalAtLeast).toBeUndefined();
    const own = await page(prolific);
    expect(own).toMatchObject({ totalPosts: TOTAL_COUNT_MAX, totalAtLeast: true });
    expect(own.posts).toHaveLength(10);

    // Public ones past the maximum: everyone's total stops there, flagged; pages by number still go on.
    await insert(copies(TOTAL_COUNT_MAX, 'Public'));
    expect(await page(stranger)).toMatchObject({ totalPosts: TOTAL_COUNT_MAX, totalAtLeast: true });
    const far = await ok(t, stranger, 'GET', `/post/all/${TOTAL_COUNT_MAX / 10 + 1}`);
    expect(far.posts.length).toBeGreaterThan(0);
    expect(far).toMatchObject({ totalPosts: TOTAL_COUNT_MAX, totalAtLeast: true });
  });
});

describe('the visibility epoch', () => {
  it('moves for visibility writes and not for counters or reads', async () => {
    const t = await createTestApp('sqlite');
    try {
      const epoch = t.database.epoch!;
      const { db } = t.database;
      const moved = async (run: () => Promise<unknown>) => {
        const before = epoch.current();
        await run();
        return epoch.current() !== before;
      };
      expect(await moved(() => db.selectFrom('posts').selectAll().execute())).toBe(false);
      expect(await moved(() => db.updateTable('posts').set({ reactions_like: 1 }).where('id', '=', 'none').execute())).toBe(false);
      expect(await moved(() => db.updateTable('posts').set({ hidden: 1 }).where('id', '=', 'none').execute())).toBe(true);
      expect(await moved(() => db.deleteFrom('follows').where('follower_id', '=', 'none').execute())).toBe(true);
      expect(await moved(() => db.deleteFrom('users').where('id', '=', 'none').execute())).toBe(true);
      expect(
        await moved(() => db.transaction().execute((trx) => trx.deleteFrom('blocks').where('blocker_id', '=', 'none').execute())),
      ).toBe(true);
      expect(touchesVisibility(db.updateTable('users').set({ username: 'x' }).where('id', '=', 'none').compile())).toBe(false);

      // A new post or follow only adds to what members see: `narrowing` stands; a block, an update, a deletion move it.
      const narrowed = async (run: () => Promise<unknown>) => {
        const before = epoch.narrowing();
        await run();
        return epoch.narrowing() !== before;
      };
      const model = {
        id: newId(),
        kind: 'post',
        user_id: 'none',
        post: 'x',
        privacy: 'Public',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      } as never;
      expect(
        await moved(() =>
          db
            .insertInto('posts')
            .values(model)
            .onConflict((c) => c.doNothing())
            .execute()
            .catch(() => undefined),
        ),
      ).toBe(true);
      expect(
        await narrowed(() =>
          db
            .insertInto('posts')
            .values(model)
            .onConflict((c) => c.doNothing())
            .execute()
            .catch(() => undefined),
        ),
      ).toBe(false);
      expect(
        await narrowed(() =>
          db
            .insertInto('follows')
            .values({ follower_id: 'none', followee_id: 'none', created_at: '' })
            .execute()
            .catch(() => undefined),
        ),
      ).toBe(false);
      expect(
        await narrowed(() =>
          db
            .insertInto('blocks')
            .values({ blocker_id: 'none', blocked_id: 'none', created_at: '' })
            .execute()
            .catch(() => undefined),
        ),
      ).toBe(true);
      expect(await narrowed(() => db.updateTable('posts').set({ privacy: 'Private' }).where('id', '=', 'none').execute())).toBe(true);
      expect(await narrowed(() => db.deleteFrom('follows').where('follower_id', '=', 'none').execute())).toBe(true);
      expect(
        onlyWidens(
          db
            .insertInto('posts')
            .values(model)
            .onConflict((c) => c.column('id').doUpdateSet({ privacy: 'Private' }))
            .compile(),
        ),
      ).toBe(false);
      expect(onlyWidens(db.replaceInto('follows').values({ follower_id: 'a', followee_id: 'b', created_at: '' }).compile())).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('a cached total serves only within its epoch and TTL, and the cache is bounded', async () => {
    let now = 0;
    let epoch = 0;
    let narrowing = 0;
    const cache = createTotalsCache(
      { current: () => epoch, bump: () => void epoch++, narrowing: () => narrowing, bumpNarrowing: () => void narrowing++ },
      { size: 2, ttlMs: 30_000, now: () => now, max: 3 },
    );
    let counted = 0;
    const count = async () => ++counted;
    expect(await cache.total('a', count)).toBe(1);
    expect(await cache.total('a', count)).toBe(1);
    epoch++;
    expect(await cache.total('a', count)).toBe(2);
    now += 30_000;
    expect(await cache.total('a', count)).toBe(3);
    await cache.total('b', count);
    await cache.total('c', count);
    expect(cache.size).toBe(2);
  });

  it('a total past its bound outlives the writes that only add posts, not one that may take some away', async () => {
    let epoch = 0;
    let narrowing = 0;
    const cache = createTotalsCache(
      { current: () => epoch, bump: () => void epoch++, narrowing: () => narrowing, bumpNarrowing: () => void narrowing++ },
      { max: 3 },
    );
    let total = 4;
    const count = async () => total;
    expect(await cache.total('past', count)).toBe(4);
    total = 9;
    epoch++; // a new post
    expect(await cache.total('past', count)).toBe(4);
    epoch++;
    narrowing++; // a block
    total = 2;
    expect(await cache.total('past', count)).toBe(2);
    // Under the bound: any visibility write counts again.
    total = 3;
    epoch++;
    expect(await cache.total('past', count)).toBe(3);
  });
});
