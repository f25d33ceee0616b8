/**
 * The mixed benchmark ("no request may cost more as the community grows"): the feed read
 * while the community writes, on a seeded SQLite community at two sizes, with sockets connected.
 *
 * For each size (1M posts / 100k members, then 5M / 500k; `--quick`: a hundredth of both):
 *   - the floor of a write: one insert of a post row into a table shaped like posts (same columns
 *     and indexes), one transaction each, with the server's pragmas (useServerPragmas);
 *   - the real server, with BENCH_MIXED_SOCKETS members connected by socket (1,000) in a worker;
 *   - page 1 (GET /post/all/1) and a deep cursor page measured by autocannon (as the feed benchmark):
 *     first as fast as the server answers (its capacity), then paced at half that (members read at
 *     a pace, and a saturating load measures its own queue) three times: with no writes, and while
 *     a writer makes 5 and then 50 writes a second. The writer (tests/bench/mixedWriter.ts, a worker
 *     thread of its own) is open-loop (a write starts on schedule whether or not the last one has answered) and
 *     rotates Public, Followers and Private posts, reactions, comments and follow/unfollow among
 *     BENCH_MIXED_WRITERS members, recording each write's latency by kind.
 * Goals: page 1 and the deep page p99 under writes at most 3x the same case without writes, each
 * beside its floor: the read's own SQL replayed bare in a worker every 10 ms during the same runs
 * (sqlProbe.ts), its p99 under writes over its p99 without; creating
 * a post p99 at most 1.5x a bare Fastify route doing one durable insert and one emit (postFloor.ts),
 * sent beside each post; every figure at the larger size at most 1.2x the smaller one.
 *
 * Each socket watches the posts its screen would show (`watch posts`): BENCH_MIXED_STREAM_PERCENT (25)
 * of them show a live stream (page 1, the posts the writer reacts to and comments on, with each new
 * post that reaches them on top, watched again as the client does: at most once a second); the
 * others show older posts (page 2: a profile, a group, a deeper page), which no write touches.
 *
 * Knobs: BENCH_MIXED_SIZES ("1000000:100000,5000000:500000", posts:members), BENCH_MIXED_SOCKETS,
 * BENCH_MIXED_STREAM_PERCENT (25), BENCH_MIXED_WRITERS (20), BENCH_MIXED_DEPTH (deep page, in pages: 5000), BENCH_FEED_SECONDS,
 * BENCH_FEED_CONNECTIONS.
 */
import { rmSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { API_BASE, paths } from '../../src/api/paths';
import { PAGE_SIZE } from '../../src/api/pages';
import { POST_WATCH_MAX } from '../../src/api/posts';
import { POST_WATCH_INTERVAL_MS } from '../../src/effects/streams/postWatch';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { startServer } from '../../server/main';
import { createPasswordHasher } from '../../server/core/passwords';
import { startFleet } from './chatFleet';
import { benchConfig, envInt, get, loadSettings, measure, type LoadFigures, type Target } from './feed';
import { growthOverFloor, recordGoal } from './goals';
import { measureInsertFloor } from './insertFloor';
import { POST_KINDS, WRITE_KINDS, startWriter, type Percentiles, type Writer, type WriterResult } from './mixedWriter';
import { benchPlan, scaledCommunity } from './quick';
import { POST_FLOOR_PATH, startPostFloor, type PostFloor } from './postFloor';
import { seedFeed } from './seed';
import { captureRouteSql } from './sqlFloor';
import { probing, startSqlProbe, type ProbeFigures } from './sqlProbe';

/** postCreate: a post's p99 over the bare insert-and-emit route's beside it (postFloor.ts), as in the writes benchmark. */
export const MIXED_GOALS = { underWrites: 3, postCreate: 1.5, growth: 1.2 } as const;
const RATES = [5, 50] as const;
/** How often the floor's probe runs a read's SQL during a paced run. */
const PROBE_EVERY_MS = 10;
/** The share of a case's most requests a second that the paced runs offer. */
const READ_SHARE = 0.5;

/**
 * How long each of a write run's two paced cases lasts: as long as other runs, or long enough for
 * the writer to make `postsWanted` posts meanwhile (half of its writes are posts: three kinds of six).
 */
export function secondsUnderWrites(rate: number, seconds: number, postsWanted: number): number {
  const postsPerSecond = rate * (POST_KINDS.length / WRITE_KINDS.length);
  return Math.max(seconds, Math.ceil(postsWanted / postsPerSecond / 2));
}

/** One paced run with the writer at `rate`: the reads' figures beside the writer's. */
export interface WriteRun extends WriterResult {
  rate: number;
  page1: LoadFigures;
  deep: LoadFigures;
  /** The reads' own SQL replayed bare during the same run (sqlProbe.ts). */
  sql: { page1: ProbeFigures; deep: ProbeFigures };
  /** `watch posts` the sockets sent during the run (the live streams watch each new post). */
  watches: number;
  /** What the paced reads and the writes cost the machine meanwhile. */
  load: Load;
}

/**
 * How busy the process was during a run: `loop`, the share of the time the main thread (the
 * server's event loop) was not idle; `cores`, the CPU time of every thread (the server, the load
 * generator, the writer and the socket worker) per second. Steadier than a p99: what a change
 * saves shows here even when one stall decides the slowest requests.
 */
export interface Load {
  loop: number;
  cores: number;
}

async function measuringLoad<T>(run: () => Promise<T>): Promise<[T, Load]> {
  const loopBefore = performance.eventLoopUtilization();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await run();
  const cpu = process.cpuUsage(cpuBefore);
  const seconds = (performance.now() - started) / 1000;
  return [result, { loop: performance.eventLoopUtilization(loopBefore).utilization, cores: (cpu.user + cpu.system) / 1e6 / seconds }];
}

export interface ScaleResult {
  posts: number;
  members: number;
  sockets: number;
  seedSeconds: number;
  dbMiB: number;
  floor: Percentiles;
  /** Each case as fast as the server answers, no writes: the pace of the other runs is a share of it. */
  capacity: { page1: LoadFigures; deep: LoadFigures };
  /** Paced, no writes. */
  quiet: { page1: LoadFigures; deep: LoadFigures };
  quietSql: { page1: ProbeFigures; deep: ProbeFigures };
  quietLoad: Load;
  runs: WriteRun[];
  /** The server process's resident memory with every socket connected, MiB. */
  serverRssMiB: number;
  /** Sockets that show a live stream (page 1 and new posts); the others show page 2. */
  liveSockets: number;
}

export interface MixedResult {
  scales: ScaleResult[];
}

function parseSizes(): { posts: number; members: number }[] {
  const raw = process.env.BENCH_MIXED_SIZES;
  if (!raw) return benchPlan().mixed.sizes;
  return raw.split(',').map((pair) => {
    const [posts, members] = pair.split(':').map(Number);
    if (!Number.isInteger(posts) || !Number.isInteger(members) || posts! < 1000 || members! < 100) {
      throw new Error(`BENCH_MIXED_SIZES takes posts:members pairs, e.g. 1000000:100000 (got "${pair}")`);
    }
    return { posts: scaledCommunity(posts!), members: scaledCommunity(members!) };
  });
}

async function measureScale(size: { posts: number; members: number }, log: (line: string) => void): Promise<ScaleResult> {
  const settings = loadSettings();
  const plan = benchPlan().mixed;
  const sockets = Math.min(size.members - 1, envInt('BENCH_MIXED_SOCKETS', plan.sockets));
  const writerCount = envInt('BENCH_MIXED_WRITERS', 20);
  const depthPages = Math.min(envInt('BENCH_MIXED_DEPTH', plan.depthPages), Math.floor(size.posts / PAGE_SIZE / 4));
  const config = benchConfig('mixed');
  const file = config.database.file;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let bare: PostFloor | undefined;
  let probe: Awaited<ReturnType<typeof startSqlProbe>> | undefined;
  const fleet = startFleet();
  try {
    const handle = await openDatabase(config.database);
    await migrateToLatest(handle);
    await handle.destroy();
    const passwordHash = await createPasswordHasher(config.passwordHashing).hash('bench-password-123');
    log(`seeding ${size.members.toLocaleString('en')} members and ${size.posts.toLocaleString('en')} posts ...`);
    const seed = seedFeed({ file, members: size.members, posts: size.posts, passwordHash });
    const dbMiB = statSync(file).size / 2 ** 20;
    const floor = { ...measureInsertFloor(config.database, plan.floorInserts), failures: 0 };
    log(
      `seeded in ${(seed.ms.total / 1000).toFixed(1)} s (${dbMiB.toFixed(0)} MiB); insert floor p50 ${floor.p50.toFixed(2)} ms, p99 ${floor.p99.toFixed(2)} ms`,
    );

    server = await startServer(config, { handleSignals: false });
    const api = `${server.url}${API_BASE}`;
    const { auth, database } = server.app.services;
    const session = async (id: string) => {
      const row = await database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return auth.issueSession(row, true);
    };
    const viewerToken = await session(seed.viewer.id);
    const headers = { authorization: `Bearer ${viewerToken}` };

    // Members with a socket: every step through the member list, so they span the community.
    const others = await database.db
      .selectFrom('users')
      .select('id')
      .where('id', '<>', seed.viewer.id)
      .where('role', '=', 'USER')
      .orderBy('id')
      .execute();
    const step = Math.max(1, Math.floor(others.length / sockets));
    const connected = others
      .filter((_, i) => i % step === 0)
      .slice(0, sockets)
      .map((row) => row.id);
    const tokens = await Promise.all(connected.map(session));
    const t0 = performance.now();
    await fleet.setup({ api, userIds: connected, tokens, groupId: '' });
    await fleet.connect({ target: 'real', url: server.url, tokens, concurrency: 50, timeoutMs: 60_000 });
    await fleet.settle({ quietMs: 500, timeoutMs: 60_000 });
    const serverRssMiB = process.memoryUsage().rss / 2 ** 20;
    log(`${sockets} sockets connected in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const writers: Writer[] = await Promise.all(connected.slice(0, writerCount).map(async (id, i) => ({ id, token: tokens[i]! })));
    // The post goal's floor, beside the server on its event loop: one durable insert, one emit.
    bare = await startPostFloor({
      database: config.database,
      userIdByToken: new Map(writers.map((writer) => [writer.token, writer.id])),
      receiverId: writers[0]!.id,
    });
    const floorUrl = `${bare.url}${POST_FLOOR_PATH}`;
    const recent = JSON.parse((await get({ url: `${api}${paths.posts.all(1)}`, headers })).body) as { posts: { _id: string }[] };
    const targets = { postIds: recent.posts.map((post) => post._id), followees: connected.slice(writerCount, writerCount + 50) };

    // What each screen shows: a live stream (page 1, which the writer reacts to and comments on) or older posts.
    const streamPercent = envInt('BENCH_MIXED_STREAM_PERCENT', 25);
    const older = JSON.parse((await get({ url: `${api}${paths.posts.all(2)}`, headers })).body) as { posts: { _id: string }[] };
    const live = connected.map((_, i) => i).filter((i) => i % 100 < streamPercent);
    const liveSet = new Set(live);
    const lists = connected.map((_, i) => (liveSet.has(i) ? targets.postIds : older.posts.map((post) => post._id)));
    await fleet.watch({ target: 'real', lists, live, intervalMs: POST_WATCH_INTERVAL_MS, max: POST_WATCH_MAX, timeoutMs: 60_000 });
    log(`${live.length} sockets show the live stream, ${sockets - live.length} older posts`);

    const deepByNumber = JSON.parse((await get({ url: `${api}${paths.posts.all(depthPages)}`, headers })).body) as {
      nextCursor: string | null;
    };
    if (!deepByNumber.nextCursor) throw new Error(`no cursor ${depthPages} pages deep; seed more posts`);
    const page1: Target = { url: `${api}${paths.posts.all(1)}`, headers };
    const deep: Target = { url: `${api}${paths.posts.all(1)}?cursor=${encodeURIComponent(deepByNumber.nextCursor)}`, headers };
    // Under writes page 1 changes between requests: any 200 will do.
    const anyBody = () => true;
    // Members read at a steady pace, not as fast as the server answers: a saturating load would put
    // every request (and every write) in a queue, and the p99s would measure the queue. So the most
    // each case serves is measured first, and every case is then offered READ_SHARE of that.
    const capacity = { page1: await measure(page1, settings, '', anyBody), deep: await measure(deep, settings, '', anyBody) };
    const paced = (target: Target, most: LoadFigures, seconds: number) =>
      measure(target, { ...settings, seconds, overallRate: Math.max(10, Math.round(most.reqPerSec * READ_SHARE)) }, '', anyBody);
    // The under-writes goals' floor: each read's own SQL, replayed bare beside each paced run.
    const [page1Sql, deepSql] = await captureRouteSql(config, [
      { method: 'GET', url: page1.url.slice(server.url.length), headers },
      { method: 'GET', url: deep.url.slice(server.url.length), headers },
    ]);
    probe = await startSqlProbe({ file, reads: { page1: page1Sql!, deep: deepSql! }, everyMs: PROBE_EVERY_MS });
    const reads = async (seconds = settings.seconds) => {
      const [page1Figures, page1Probe] = await probing(probe!, 'page1', () => paced(page1, capacity.page1, seconds));
      const [deepFigures, deepProbe] = await probing(probe!, 'deep', () => paced(deep, capacity.deep, seconds));
      return { page1: page1Figures, deep: deepFigures, sql: { page1: page1Probe, deep: deepProbe } };
    };
    const [{ sql: quietSql, ...quiet }, quietLoad] = await measuringLoad(reads);
    log(`  no writes: ${loadText(quietLoad)}`);
    const runs: WriteRun[] = [];
    for (const rate of RATES) {
      const watchesBefore = await fleet.watchCount();
      const writer = await startWriter(api, floorUrl, writers, targets, rate, plan.queueSeconds);
      const [figures, load] = await measuringLoad(() => reads(secondsUnderWrites(rate, settings.seconds, plan.postsPerRun)));
      runs.push({ rate, ...figures, ...(await writer.stop()), watches: (await fleet.watchCount()) - watchesBefore, load });
      const run = runs.at(-1)!;
      log(
        `  ${rate} writes/s (${run.achievedRate.toFixed(1)} sent/s, ${run.shed} shed, ${run.watches} watches): page 1 p99 ${figures.page1.p99} ms, deep p99 ${figures.deep.p99} ms, post p99 ${run.posts.p99.toFixed(1)} ms; ${loadText(load)}`,
      );
    }
    return {
      posts: size.posts,
      members: size.members,
      sockets,
      seedSeconds: seed.ms.total / 1000,
      dbMiB,
      floor,
      capacity,
      quiet,
      quietSql,
      quietLoad,
      runs,
      serverRssMiB,
      liveSockets: live.length,
    };
  } finally {
    await fleet.terminate().catch(() => undefined);
    await probe?.close().catch(() => undefined);
    await bare?.close().catch(() => undefined);
    if (server) await server.close().catch(() => undefined);
    rmSync(config.dataDir, { recursive: true, force: true });
  }
}

export async function measureMixed(log: (line: string) => void = console.log): Promise<MixedResult> {
  const scales: ScaleResult[] = [];
  for (const size of parseSizes()) scales.push(await measureScale(size, log));
  return { scales };
}

const ms = (value: number) => Number(value.toFixed(1));
const loadText = (load: Load) => `server event loop ${(load.loop * 100).toFixed(0)}% busy, process CPU ${load.cores.toFixed(2)} cores`;
/** p99 against the same case without writes; a run that answered nothing is as bad as it gets. */
const slowdown = (figures: LoadFigures, quiet: LoadFigures) => (figures.requests === 0 ? Infinity : figures.p99 / Math.max(1, quiet.p99));

export function printMixed(result: MixedResult, log: (line: string) => void = console.log): void {
  for (const scale of result.scales) {
    const name = `${scale.posts.toLocaleString('en')} posts / ${scale.members.toLocaleString('en')} members`;
    log(
      `mixed (${name}, SQLite, ${scale.sockets} sockets connected, ${scale.liveSockets} showing the live stream, process RSS with the socket worker ${scale.serverRssMiB.toFixed(0)} MiB)`,
    );
    const row = (figures: LoadFigures, quiet: LoadFigures) => ({
      'req/s': Math.round(figures.reqPerSec),
      'p50 ms': figures.p50,
      'p99 ms': figures.p99,
      failures: figures.failures,
      'p99 / no writes': `${slowdown(figures, quiet).toFixed(2)}x`,
    });
    log(`  no writes: ${loadText(scale.quietLoad)}; ${scale.runs.map((run) => `${run.rate} writes/s: ${loadText(run.load)}`).join('; ')}`);
    const table: Record<string, ReturnType<typeof row>> = {
      'page 1, as fast as answered (capacity)': row(scale.capacity.page1, scale.capacity.page1),
      'deep page, as fast as answered (capacity)': row(scale.capacity.deep, scale.capacity.deep),
      'page 1, no writes': row(scale.quiet.page1, scale.quiet.page1),
      'deep page, no writes': row(scale.quiet.deep, scale.quiet.deep),
    };
    for (const run of scale.runs) {
      if (run.shed > 0)
        log(`  at ${run.rate} writes/s the server fell behind: ${run.shed} writes shed, ${run.achievedRate.toFixed(1)} sent a second`);
      table[`page 1, ${run.rate} writes/s`] = row(run.page1, scale.quiet.page1);
      table[`deep page, ${run.rate} writes/s`] = row(run.deep, scale.quiet.deep);
    }
    console.table(table);
    const sqlRow = (figures: ProbeFigures, quiet: ProbeFigures) => ({
      runs: figures.count,
      'p50 ms': Number(figures.p50.toFixed(2)),
      'p99 ms': Number(figures.p99.toFixed(2)),
      'p99 / no writes': `${(figures.p99 / quiet.p99).toFixed(2)}x`,
    });
    const sqlTable: Record<string, ReturnType<typeof sqlRow>> = {
      'page 1 SQL alone, no writes': sqlRow(scale.quietSql.page1, scale.quietSql.page1),
      'deep page SQL alone, no writes': sqlRow(scale.quietSql.deep, scale.quietSql.deep),
    };
    for (const run of scale.runs) {
      sqlTable[`page 1 SQL alone, ${run.rate} writes/s`] = sqlRow(run.sql.page1, scale.quietSql.page1);
      sqlTable[`deep page SQL alone, ${run.rate} writes/s`] = sqlRow(run.sql.deep, scale.quietSql.deep);
    }
    log(`  the floor: each read's SQL replayed bare every ${PROBE_EVERY_MS} ms in a worker during the same runs`);
    console.table(sqlTable);
    const writes: Record<string, { count: number; 'p50 ms': number; 'p99 ms': number; failures: number; 'p99 / floor': string }> = {
      "insert floor (one row, the server's pragmas)": {
        count: scale.floor.count,
        'p50 ms': ms(scale.floor.p50),
        'p99 ms': ms(scale.floor.p99),
        failures: 0,
        'p99 / floor': '1.00x',
      },
    };
    const writeRow = (figures: Percentiles) => ({
      count: figures.count,
      'p50 ms': ms(figures.p50),
      'p99 ms': ms(figures.p99),
      failures: figures.failures,
      'p99 / floor': `${(figures.p99 / scale.floor.p99).toFixed(1)}x`,
    });
    for (const run of scale.runs) {
      for (const [kind, figures] of [...Object.entries(run.writes), ['posts, every privacy', run.posts] as const])
        writes[`${kind} at ${run.rate}/s`] = writeRow(figures);
      writes[`bare Fastify insert + emit beside each post at ${run.rate}/s`] = writeRow(run.request);
    }
    console.table(writes);
    for (const run of scale.runs) {
      const sqlFloor = (read: 'page1' | 'deep') => ({
        floor: { figure: run.sql[read].p99 / scale.quietSql[read].p99, unit: 'x', what: 'its SQL alone, bare: p99 under writes / without' },
      });
      recordGoal(
        `mixed ${name}: page 1 p99 at ${run.rate} writes/s <= ${MIXED_GOALS.underWrites}x without writes`,
        slowdown(run.page1, scale.quiet.page1),
        MIXED_GOALS.underWrites,
        'at most',
        'x',
        sqlFloor('page1'),
      );
      recordGoal(
        `mixed ${name}: deep page p99 at ${run.rate} writes/s <= ${MIXED_GOALS.underWrites}x without writes`,
        slowdown(run.deep, scale.quiet.deep),
        MIXED_GOALS.underWrites,
        'at most',
        'x',
        sqlFloor('deep'),
      );
      recordGoal(
        `mixed ${name}: post create p99 at ${run.rate} writes/s <= ${MIXED_GOALS.postCreate}x the bare insert + emit route beside it`,
        run.request.count === 0 ? Infinity : run.posts.p99 / run.request.p99,
        MIXED_GOALS.postCreate,
        'at most',
        'x',
        { floor: { figure: run.request.p99, unit: 'ms', what: 'bare Fastify insert + emit p99' } },
      );
      log(
        `  at ${run.rate} writes/s the bare insert + emit route beside each post has p99 ${run.request.p99.toFixed(1)} ms, ${(run.request.p99 / scale.floor.p99).toFixed(1)}x the insert alone; a post's p99 is ${(run.posts.p99 / Math.max(0.001, run.request.p99)).toFixed(2)}x it`,
      );
      recordGoal(`mixed ${name}: the server keeps up with ${run.rate} writes/s (writes shed)`, run.shed, 0, 'at most', 'writes');
    }
  }
  const [small, large] = result.scales;
  if (small && large) {
    // A growth's floor, where the same work was measured bare at both sizes: how the bare work itself
    // grew. Where it grew, the goal is Stoa's growth over it (growthOverFloor).
    const growth = (name: string, a: number, b: number, floor?: { a: number; b: number; what: string }) =>
      recordGoal(
        `growth ${name} (larger / smaller size${floor ? ", over its floor's growth where that grew" : ''}) <= ${MIXED_GOALS.growth}x`,
        floor ? growthOverFloor(b / a, floor.b / floor.a) : b / a,
        MIXED_GOALS.growth,
        'at most',
        'x',
        floor ? { floor: { figure: floor.b / floor.a, unit: 'x', what: floor.what } } : {},
      );
    const sqlGrowth = (a: ProbeFigures, b: ProbeFigures) => ({ a: a.p99, b: b.p99, what: 'its SQL alone, bare: p99 growth' });
    // Capacity is a rate: the smaller size's over the larger's, so that a slower large community reads
    // above 1. Its floor is the SQL's p50 growth (a rate's inverse is the time of one request).
    const sqlP50Growth = (a: ProbeFigures, b: ProbeFigures) => ({ a: a.p50, b: b.p50, what: 'its SQL alone, bare: p50 growth' });
    growth(
      'page 1 capacity (req/s), no writes',
      large.capacity.page1.reqPerSec,
      small.capacity.page1.reqPerSec,
      sqlP50Growth(small.quietSql.page1, large.quietSql.page1),
    );
    growth(
      'deep page capacity (req/s), no writes',
      large.capacity.deep.reqPerSec,
      small.capacity.deep.reqPerSec,
      sqlP50Growth(small.quietSql.deep, large.quietSql.deep),
    );
    growth('page 1 p99, no writes', small.quiet.page1.p99, large.quiet.page1.p99, sqlGrowth(small.quietSql.page1, large.quietSql.page1));
    growth('deep page p99, no writes', small.quiet.deep.p99, large.quiet.deep.p99, sqlGrowth(small.quietSql.deep, large.quietSql.deep));
    for (const [i, run] of small.runs.entries()) {
      const other = large.runs[i]!;
      growth(
        `page 1 p99 at ${run.rate} writes/s`,
        run.page1.p99,
        other.page1.requests === 0 ? Infinity : other.page1.p99,
        sqlGrowth(run.sql.page1, other.sql.page1),
      );
      growth(`post create p99 at ${run.rate} writes/s`, run.posts.p99, other.posts.p99, {
        a: run.request.p99,
        b: other.request.p99,
        what: 'bare Fastify insert + emit: p99 growth',
      });
    }
  }
}
