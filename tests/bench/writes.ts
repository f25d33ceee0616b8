/**
 * The writes benchmark ("creating a post"): the real server on a seeded SQLite database of
 * BENCH_WRITES_MEMBERS members (100,000) with BENCH_WRITES_SOCKETS of them connected (1,000, held in
 * the chat benchmark's client worker), half of those following the author. It times POST /post of a
 * Public, a Followers and a Private post, BENCH_WRITES_POSTS of each (200), one after another, and
 * compares each kind's p99 with its floor measured beside it, post by post in turn: a bare Fastify
 * route that does one durable insert and one socket.io emit (postFloor.ts), holding the same
 * sockets. Goal: p99 at most 1.5x the floor's p99, whatever the number of members (run it at
 * 20,000 and 100,000: BENCH_WRITES_MEMBERS=20000). For reference, one insert alone of the same
 * kind of row into a copy of the posts table (its indexes too) with the server's pragmas
 * (useServerPragmas), as the goal's floor was before (at most 5x it: below the floor of any HTTP
 * request).
 *
 * For reference it also times the old audience query (every member as the viewer)
 * for one Public post, and reports what the audience queries of each kind were asked and answered.
 */
import { rmSync } from 'node:fs';
import { API_BASE, paths } from '../../src/api/paths';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { startServer, type RunningServer } from '../../server/main';
import { createPasswordHasher } from '../../server/core/passwords';
import { canSeePost } from '../../server/core/visibility';
import { startFleet, type Fleet } from './chatFleet';
import { benchConfig, envInt } from './feed';
import { benchPlan } from './quick';
import { recordGoal } from './goals';
import { measureInsertFloor, percentiles } from './insertFloor';
import { POST_FLOOR_PATH, startPostFloor, type PostFloor } from './postFloor';
import { seedFeed } from './seed';

const PRIVACIES = ['Public', 'Followers', 'Private'] as const;
type Privacy = (typeof PRIVACIES)[number];
/** A post's p99 over the bare insert-and-emit route's, measured beside it. */
export const WRITES_GOAL = 1.5;

interface Figures {
  p50: number;
  p99: number;
  samples: number;
}

export interface WritesResult {
  members: number;
  sockets: number;
  followersConnected: number;
  /** For reference: one insert alone, no HTTP. */
  floor: Figures;
  /** Each kind's posts, and the bare route's (postFloor.ts) timed in turn with them. */
  posts: Record<Privacy, Figures & { asked: number; found: number; bare: Figures }>;
  /** The audience query alone for one Public post: among the connected members (now), and over every member (the old query). */
  audienceMs: { connected: number; everyMember: number };
  seconds: number;
}

function figures(samples: number[]): Figures {
  const { count, p50, p99 } = percentiles(samples);
  return { p50, p99, samples: count };
}

export async function measureWrites(log: (line: string) => void = console.log): Promise<WritesResult> {
  const started = performance.now();
  const plan = benchPlan().writes;
  const members = envInt('BENCH_WRITES_MEMBERS', plan.members);
  const socketCount = Math.min(envInt('BENCH_WRITES_SOCKETS', plan.sockets), members - 1);
  const perKind = envInt('BENCH_WRITES_POSTS', plan.postsPerKind);
  const config = benchConfig('writes');
  let server: RunningServer | undefined;
  let fleet: Fleet | undefined;
  let bare: PostFloor | undefined;
  try {
    const handle = await openDatabase(config.database);
    await migrateToLatest(handle);
    await handle.destroy();
    const passwordHash = await createPasswordHasher(config.passwordHashing).hash('bench-password-123');
    const seed = seedFeed({ file: config.database.file, members, posts: Math.max(1000, members / 5), passwordHash });
    log(
      `seeded ${members.toLocaleString('en')} members, ${seed.counts.posts.toLocaleString('en')} posts, ${seed.counts.follows.toLocaleString('en')} follows in ${(seed.ms.total / 1000).toFixed(1)} s`,
    );

    server = await startServer(config, { handleSignals: false });
    const { db } = server.app.services.database;
    const author = (await server.app.services.users.findById(seed.viewer.id))!;
    // Connected members: the first `socketCount` others by id; every second one follows the author.
    const connected = await db.selectFrom('users').selectAll().where('id', '<>', author.id).orderBy('id').limit(socketCount).execute();
    const followers = connected.filter((_, i) => i % 2 === 0);
    const at = new Date().toISOString();
    await db
      .insertInto('follows')
      .values(followers.map((row) => ({ follower_id: row.id, followee_id: author.id, created_at: at })))
      .onConflict((c) => c.doNothing())
      .execute();
    const tokens: string[] = [];
    for (const row of connected) tokens.push(await server.app.services.auth.issueSession(row, true));
    const authorToken = await server.app.services.auth.issueSession(author, true);

    fleet = startFleet();
    await fleet.setup({ api: `${server.url}${API_BASE}`, userIds: connected.map((row) => row.id), tokens, groupId: '' });
    const connectMs = await fleet.connect({ target: 'real', url: server.url, tokens, concurrency: 50, timeoutMs: 60_000 });
    await fleet.settle({ quietMs: 300, timeoutMs: 60_000 });
    log(`${socketCount} sockets connected in ${(connectMs / 1000).toFixed(1)} s (${followers.length} of them follow the author)`);
    // The floor, beside the server in this process, holding the same members' sockets.
    bare = await startPostFloor({
      database: config.database,
      userIdByToken: new Map([...tokens.map((token, i): [string, string] => [token, connected[i]!.id]), [authorToken, author.id]]),
      receiverId: followers[0]?.id ?? author.id,
    });
    await fleet.connect({ target: 'floor', url: bare.url, tokens, concurrency: 50, timeoutMs: 60_000 });
    await fleet.settle({ quietMs: 300, timeoutMs: 60_000 });

    const post = async (privacy: Privacy, n: number) => {
      const response = await fetch(`${server!.url}${API_BASE}${paths.posts.create}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${authorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ post: `benchmark post ${n}: study group notes for the week`, privacy }),
      });
      if (response.status !== 201 && response.status !== 200)
        throw new Error(`POST /post answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { post: { _id: string } };
    };
    const barePost = async () => {
      const response = await fetch(`${bare!.url}${POST_FLOOR_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${authorToken}` },
      });
      if (response.status !== 201) throw new Error(`the bare route answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    };
    const work = server.app.services.postStore.audienceWork;
    const posts = {} as WritesResult['posts'];
    let n = 0;
    let lastPublic = '';
    for (const privacy of PRIVACIES) {
      for (let i = 0; i < 10; i++) {
        await post(privacy, n++);
        await barePost();
      }
      await fleet.settle({ quietMs: 200, timeoutMs: 60_000 });
      const before = { ...work };
      const samples: number[] = [];
      const bareSamples: number[] = [];
      // In turn, post by post: whatever else the machine does at a moment weighs on both alike.
      for (let i = 0; i < perKind; i++) {
        let t0 = performance.now();
        const answer = await post(privacy, n++);
        samples.push(performance.now() - t0);
        if (privacy === 'Public') lastPublic = answer.post._id;
        t0 = performance.now();
        await barePost();
        bareSamples.push(performance.now() - t0);
      }
      await fleet.settle({ quietMs: 200, timeoutMs: 60_000 });
      posts[privacy] = {
        ...figures(samples),
        asked: (work.asked - before.asked) / perKind,
        found: (work.found - before.found) / perKind,
        bare: figures(bareSamples),
      };
    }

    // The audience query alone, as the server asks it (among the connected), and as it was asked
    // before (every member a candidate viewer).
    const viewer = { idColumn: 'viewer.id', roleColumn: 'viewer.role' };
    const ids = [...(await server.app.services.presence.connectedUserIds())];
    const amongConnected = () => server!.app.services.postStore.audienceWithViewerFields(lastPublic, ids);
    const overEveryMember = () =>
      db
        .selectFrom(['users as viewer', 'posts'])
        .select('viewer.id')
        .where('posts.id', '=', lastPublic)
        .where('viewer.is_banned', '=', 0)
        .where(canSeePost(viewer))
        .execute();
    const timed = async (query: () => Promise<unknown>, times: number) => {
      await query();
      const samples: number[] = [];
      for (let i = 0; i < times; i++) {
        const t0 = performance.now();
        await query();
        samples.push(performance.now() - t0);
      }
      return figures(samples).p50;
    };
    const audienceMs = { connected: await timed(amongConnected, 20), everyMember: await timed(overEveryMember, 3) };

    await bare.close();
    bare = undefined;
    // For reference: the same rows' kind, inserted one per transaction with the server's pragmas.
    const floor = measureInsertFloor(config.database, perKind, { modelId: lastPublic });
    return {
      members,
      sockets: socketCount,
      followersConnected: followers.length,
      floor: { p50: floor.p50, p99: floor.p99, samples: floor.count },
      posts,
      audienceMs,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await fleet?.terminate();
    await bare?.close();
    await server?.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  }
}

export function printWrites(result: WritesResult, log: (line: string) => void = console.log): void {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  log(
    `post creation with ${result.members.toLocaleString('en')} members, ${result.sockets} connected (${result.followersConnected} following the author)`,
  );
  const table: Record<string, Record<string, string>> = {};
  for (const privacy of PRIVACIES) {
    const figures = result.posts[privacy];
    table[`POST /post ${privacy} (/ the bare route beside it)`] = {
      p50: ms(figures.p50),
      p99: ms(figures.p99),
      'p99 ratio': `${(figures.p99 / figures.bare.p99).toFixed(2)}x`,
      'audience asked / found': `${figures.asked.toFixed(0)} / ${figures.found.toFixed(0)}`,
    };
    table[`  floor: bare Fastify, one durable insert + one emit, beside ${privacy}`] = {
      p50: ms(figures.bare.p50),
      p99: ms(figures.bare.p99),
      'p99 ratio': '1.00x',
      'audience asked / found': '',
    };
  }
  table["for reference: one insert alone into a copy of posts (the server's pragmas)"] = {
    p50: ms(result.floor.p50),
    p99: ms(result.floor.p99),
    'p99 ratio': '',
    'audience asked / found': '',
  };
  console.table(table);
  for (const privacy of PRIVACIES) {
    const { p99, bare } = result.posts[privacy];
    const ratio = p99 / bare.p99;
    const met = recordGoal(
      `post create (${privacy}, ${result.members.toLocaleString('en')} members, ${result.sockets} connected) p99 <= ${WRITES_GOAL}x the bare insert + emit route`,
      ratio,
      WRITES_GOAL,
      'at most',
      'x',
      { floor: { figure: bare.p99, unit: 'ms', what: 'bare Fastify insert + emit p99' } },
    );
    log(`${privacy}: p99 ${ratio.toFixed(2)}x the bare route's (${ms(bare.p99)}); goal <= ${WRITES_GOAL}x: ${met ? 'met' : 'NOT met'}`);
  }
  log(
    `the audience query alone, one Public post (p50): among the ${result.sockets} connected ${ms(result.audienceMs.connected)}; ` +
      `over every member, as before the audience query was narrowed, ${ms(result.audienceMs.everyMember)}`,
  );
  const perRecipient =
    (result.posts.Public.p50 - result.posts.Private.p50) / Math.max(1, result.posts.Public.found - result.posts.Private.found);
  log(`what each recipient adds to a post (Public p50 - Private p50, per member it reached): ${(perRecipient * 1000).toFixed(0)} µs`);
  log(`writes benchmark took ${result.seconds.toFixed(0)} s`);
}
