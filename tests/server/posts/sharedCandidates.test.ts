import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../src/api/paths';
import type { Config } from '../../../server/config';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { buildApp } from '../../../server/http/app';
import type { Viewer } from '../../../server/core/visibility';
import { createForYou, RANKING, type Candidate } from '../../../server/modules/posts/forYou';
import { createSharedCandidates } from '../../../server/modules/posts/sharedCandidates';
import { createSnapshotStore } from '../../../server/modules/posts/snapshots';
import { createPostStore } from '../../../server/modules/posts/store';
import { createTestApp, dialects, dropTestSchema, TestClock, testConfig, type DialectName, type TestApp } from '../harness';
import { block, follow, member, ok, post, type Member } from '../social';

const REDIS_URL = process.env.TEST_REDIS_URL;

/** A candidate as the ranking reads it (the drivers answer counts as numbers or strings). */
const plain = (candidates: readonly Candidate[]) =>
  candidates.map((c) => ({ ...c, engagement: Number(c.engagement), follows: Number(c.follows) }));

const viewerOf = (who: Member): Viewer => ({ id: who.id, isAdmin: who.isAdmin });

/** What the candidates' own query (canSeePost, newest first) answers: the truth the shared set must equal. */
function fromDatabase(t: { database: DatabaseHandle; clock: TestClock }) {
  const ranking = createForYou({
    database: t.database,
    store: createPostStore(t.database),
    snapshots: createSnapshotStore(),
    clock: t.clock,
    shared: false,
  });
  return async (who: Member) => plain(await ranking.newestCandidates(viewerOf(who)));
}

const sharedSet = (database: DatabaseHandle) =>
  createSharedCandidates(database, { size: RANKING.sharedPosts, maxAgeMs: 60_000, overlapMs: RANKING.sinceOverlapMs });

/** The ways the shared candidates are kept: in this process (SQLite), and through Redis (either database). */
const settings: { name: string; dialect: DialectName; env: Record<string, string> }[] = [
  ...dialects.filter((d) => d === 'sqlite').map((dialect) => ({ name: 'SQLite, kept in this process', dialect, env: {} })),
  ...(REDIS_URL ? dialects.map((dialect) => ({ name: `${dialect}, version in Redis`, dialect, env: { REDIS_URL } })) : []),
];

/**
 * "For you"'s newest candidates from the posts every reader shares (modules/posts/sharedCandidates.ts):
 * for every visibility rule, exactly what the candidates' SQL (canSeePost) answers, before and
 * after each change; the ranking the same as from the SQL; and a hide in another process reaches
 * this one's kept posts.
 */
describe.each(settings)('the candidates every reader shares ($name)', ({ dialect, env }) => {
  let t: TestApp;
  let truth: (who: Member) => ReturnType<ReturnType<typeof fromDatabase>>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env });
    truth = fromDatabase(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds for each reader exactly what canSeePost lets them see: blocks both ways, Followers, Private, hidden, groups, bans', async () => {
    const [reader, followed, stranger, blocker, blockedByReader, banned] = await Promise.all(Array.from({ length: 6 }, () => member(t)));
    await follow(t, reader, followed);
    await follow(t, reader, blockedByReader);
    await block(t, blocker, reader);
    await block(t, reader, blockedByReader);
    const group = (
      await ok(
        t,
        stranger,
        'POST',
        paths.groups.create,
        {
          name: 'Shared set room',
          privacy: 'private',
          tags: ['x'],
          category: ['Music'],
          members: [reader.id],
        },
        201,
      )
    ).group as { _id: string };
    await ok(t, reader, 'PUT', paths.groups.acceptInvitation(group._id));
    const publicGroup = (
      await ok(
        t,
        stranger,
        'POST',
        paths.groups.create,
        { name: 'Open shared room', privacy: 'public', tags: ['x'], category: ['Music'] },
        201,
      )
    ).group as { _id: string };

    const shows = {
      strangerPublic: await post(t, stranger, { post: 'public, for all' }),
      followedFollowers: await post(t, followed, { post: 'for my followers', privacy: 'Followers' }),
      ownPrivate: await post(t, reader, { post: 'mine alone', privacy: 'Private' }),
      ownHidden: await post(t, reader, { post: 'mine, hidden by moderators' }),
      bannedPublic: await post(t, banned, { post: 'written before the ban' }),
    };
    const hides = {
      strangerFollowers: await post(t, stranger, { post: 'followers only, and the reader is none', privacy: 'Followers' }),
      strangerPrivate: await post(t, stranger, { post: 'private', privacy: 'Private' }),
      strangerHidden: await post(t, stranger, { post: 'hidden by moderators' }),
      blockerPublic: await post(t, blocker, { post: 'from one who blocks the reader' }),
      blockedPublic: await post(t, blockedByReader, { post: 'from one the reader blocks', privacy: 'Followers' }),
      privateGroup: (await ok(t, stranger, 'POST', paths.posts.group.create(group._id), { post: 'in the group' }, 201)).post as {
        _id: string;
      },
      publicGroup: (await ok(t, stranger, 'POST', paths.posts.group.create(publicGroup._id), { post: 'in the open group' }, 201)).post as {
        _id: string;
      },
    };
    await t.app.services.posts.setHidden(shows.ownHidden._id, true);
    await t.app.services.posts.setHidden(hides.strangerHidden._id, true);
    await t.app.services.users.setBanned(banned.id, true, new Date().toISOString());

    const shared = sharedSet(t.database);
    const ids = async (who: Member) => {
      const answer = await shared.newestFor(viewerOf(who), RANKING.newest);
      expect(answer, 'the shared set served').not.toBeNull();
      expect(plain(answer!)).toEqual(await truth(who));
      return answer!.map((c) => c.id);
    };
    const seen = await ids(reader);
    for (const [rule, written] of Object.entries(shows)) expect(seen, rule).toContain(written._id);
    for (const [rule, written] of Object.entries(hides)) expect(seen, rule).not.toContain(written._id);
    // The other members' views from the same kept posts: each their own.
    for (const who of [followed, stranger, blocker, blockedByReader]) await ids(who);
    expect(shared.fullReads()).toBe(1);
  });

  it('follows every change at once: a new post without a full read; a hide, unhide, delete, privacy change, block or follow', async () => {
    const [reader, author, other] = await Promise.all([member(t), member(t), member(t)]);
    const shared = sharedSet(t.database);
    const same = async () => {
      const answer = await shared.newestFor(viewerOf(reader), RANKING.newest);
      expect(answer).not.toBeNull();
      expect(plain(answer!)).toEqual(await truth(reader));
      return answer!.map((c) => c.id);
    };
    const first = await post(t, author, { post: 'first' });
    expect(await same()).toContain(first._id);
    const reads = shared.fullReads();

    const fresh = await post(t, other, { post: 'written after the read' });
    expect(await same()).toContain(fresh._id);
    // A reaction only moves a counter: the kept posts serve on (their counts are at most maxAgeMs old).
    await ok(t, other, 'POST', paths.reactions.react, { postId: first._id, type: 'like' });
    await shared.newestFor(viewerOf(reader), RANKING.newest);
    expect(shared.fullReads()).toBe(reads);

    await t.app.services.posts.setHidden(first._id, true);
    expect(await same()).not.toContain(first._id);
    await t.app.services.posts.setHidden(first._id, false);
    expect(await same()).toContain(first._id);
    await ok(t, author, 'PUT', paths.posts.one(first._id), { privacy: 'Followers' });
    expect(await same()).not.toContain(first._id);
    await follow(t, reader, author);
    expect(await same()).toContain(first._id);
    await ok(t, author, 'PUT', paths.posts.one(first._id), { privacy: 'Private' });
    expect(await same()).not.toContain(first._id);
    await ok(t, author, 'PUT', paths.posts.one(first._id), { privacy: 'Public' });
    expect(await same()).toContain(first._id);
    await block(t, other, reader);
    expect(await same()).not.toContain(fresh._id);
    await ok(t, author, 'DELETE', paths.posts.one(first._id));
    expect(await same()).not.toContain(first._id);
  });

  it('fewer kept posts than a reader needs, or an admin reader: the database answers instead', async () => {
    const [reader, author, admin] = await Promise.all([member(t), member(t), member(t, { admin: true })]);
    await post(t, await member(t), { post: 'older, by someone else' });
    for (let i = 0; i < 4; i += 1) await post(t, author, { post: `one of four ${i}` });
    await block(t, reader, author);
    const small = createSharedCandidates(t.database, { size: 3, maxAgeMs: 60_000, overlapMs: 0 });
    // Three kept, all by a member the reader blocks, and older posts exist: the set cannot tell the reader's newest.
    expect(await small.newestFor(viewerOf(reader), 3)).toBeNull();
    expect(await small.newestFor(viewerOf(admin), 3)).toBeNull();
    // The service then reads the database: the same answer as the SQL.
    const service = createForYou({
      database: t.database,
      store: createPostStore(t.database),
      snapshots: createSnapshotStore(),
      clock: t.clock,
      shared: small,
      newest: 3,
    });
    const fromSql = createForYou({
      database: t.database,
      store: createPostStore(t.database),
      snapshots: createSnapshotStore(),
      clock: t.clock,
      shared: false,
      newest: 3,
    });
    expect(plain(await service.newestCandidates(viewerOf(reader)))).toEqual(plain(await fromSql.newestCandidates(viewerOf(reader))));
  });

  it('ranks exactly as a ranking from the SQL does: the same posts, order and reasons', async () => {
    const [reader, followed, other] = await Promise.all([member(t), member(t), member(t)]);
    await follow(t, reader, followed);
    await ok(t, reader, 'PUT', paths.users.personalize, { interests: ['music'] });
    for (let i = 0; i < 8; i += 1) {
      await post(t, i % 2 ? followed : other, {
        post: `Ranked ${i}${i % 3 === 0 ? ' #guitar' : ''}`,
        privacy: i % 4 === 1 ? 'Followers' : 'Public',
      });
      t.clock.advance(20 * 60_000);
    }
    await post(t, reader, { post: 'my own, private', privacy: 'Private' });
    const ranking = (shared: false | undefined) =>
      createForYou({
        database: t.database,
        store: createPostStore(t.database),
        snapshots: createSnapshotStore(),
        clock: t.clock,
        keep: false,
        shared,
      });
    const fromShared = await ranking(undefined).page(viewerOf(reader));
    const fromSql = await ranking(false).page(viewerOf(reader));
    expect(fromShared.posts.length).toBeGreaterThan(0);
    expect(fromShared.posts.map((p) => [p._id, p.reasons])).toEqual(fromSql.posts.map((p) => [p._id, p.reasons]));
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL without Redis', () => {
  it('keeps nothing (another process could hide a post unseen): the database answers', async () => {
    const t = await createTestApp('postgres');
    try {
      const reader = await member(t);
      await post(t, await member(t), { post: 'any' });
      const shared = sharedSet(t.database);
      expect(await shared.newestFor(viewerOf(reader), RANKING.newest)).toBeNull();
      expect(shared.fullReads()).toBe(0);
    } finally {
      await t.close();
    }
  });
});

/** Two server processes' worth of app on one database and one Redis. */
describe.each(REDIS_URL ? dialects : [])('two processes on %s and Redis', (dialect) => {
  let config: Config;
  const apps: { app: Awaited<ReturnType<typeof buildApp>>; database: DatabaseHandle; clock: TestClock }[] = [];
  beforeAll(async () => {
    config = await testConfig(dialect, { env: { REDIS_URL: REDIS_URL! } });
    for (let i = 0; i < 2; i += 1) {
      const database = await openDatabase(config.database);
      if (i === 0) await migrateToLatest(database);
      const clock = new TestClock();
      apps.push({ app: await buildApp(config, { database, clock }), database, clock });
    }
  });
  afterAll(async () => {
    for (const { app, database } of apps) {
      await app.close();
      await database.destroy();
    }
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  it("a post hidden or deleted in the other process leaves this one's candidates at once; a new one comes in", async () => {
    const [one, two] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const asMember = async (app: (typeof apps)[0]) => {
      const t = { app: app.app, database: app.database, clock: app.clock } as unknown as TestApp;
      t.api = (request) => app.app.inject({ ...request, url: `/api/v1${request.url}` });
      return { t, who: await member(t) };
    };
    const { t: tOne, who: reader } = await asMember(one);
    const { t: tTwo, who: author } = await asMember(two);
    const truth = fromDatabase(one);
    const shared = sharedSet(one.database);
    const same = async () => {
      const answer = await shared.newestFor(viewerOf(reader), RANKING.newest);
      expect(answer).not.toBeNull();
      expect(plain(answer!)).toEqual(await truth(reader));
      return answer!.map((c) => c.id);
    };
    const hidden = await post(tTwo, author, { post: 'to be hidden elsewhere' });
    const deleted = await post(tTwo, author, { post: 'to be deleted elsewhere' });
    expect(await same()).toEqual(expect.arrayContaining([hidden._id, deleted._id]));

    await two.app.services.posts.setHidden(hidden._id, true);
    expect(await same()).not.toContain(hidden._id);
    await ok(tTwo, author, 'DELETE', paths.posts.one(deleted._id));
    expect(await same()).not.toContain(deleted._id);
    const fresh = await post(tTwo, author, { post: 'written in the other process' });
    expect(await same()).toContain(fresh._id);
    // And the app's own "For you" in this process never shows the hidden post.
    const page = await ok(tOne, reader, 'GET', paths.posts.forYou());
    expect((page.posts as { _id: string }[]).map((p) => p._id)).not.toContain(hidden._id);
  });
});
