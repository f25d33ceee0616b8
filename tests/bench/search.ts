/**
 * The search benchmark: the real server on the feed benchmark's seeded SQLite database
 * (1,000,000 posts, 100,000 members) with every post and member in the search index and 100,000
 * image fingerprints, load-tested on loopback with autocannon, each case as p99 and as a ratio to
 * the feed page measured in the same run:
 *
 *   (F) GET /api/v1/post/all/1                         the feed page (the yardstick)
 *   (1) GET /api/v1/search/posts/<a common word>        a word in about a quarter of all posts
 *   (2) GET /api/v1/search/posts/<a rare word>          a word in about 50 posts of the million
 *   (3) GET /api/v1/search/posts/<a prefix>             three letters, matched as a prefix
 *   (4) GET /api/v1/search/<the common word>            every kind's first page with counts, for reference
 *   (5) POST /api/v1/search/image                        a 480x360 JPEG copy of a picture one public post has
 *   (6) the app stack + authentication, POST a picture and only fingerprint it: the floor under (5)
 *   (1b), (2b), (3b), (5b) the floors of the goals: bare Fastify running the SQL the server runs
 *       for (1), (2), (3), (5) (captured from the app, prepared once: sqlFloor.ts) and answering
 *       the same JSON; (5b) also decodes and fingerprints the upload
 *
 * Goals: text search p99 no worse than 3 feed pages, image search p99 no worse than 5, so a search
 * costs a reader about what a few pages of the feed do; each printed beside its floor's p99 / the
 * feed page's.
 * Then each text query's SQL (captured from the server's SearchStore), its EXPLAIN QUERY PLAN and
 * its direct time.
 *
 * Knobs: the feed benchmark's (BENCH_FEED_POSTS, BENCH_FEED_MEMBERS, BENCH_FEED_SECONDS,
 * BENCH_FEED_CONNECTIONS) and BENCH_SEARCH_IMAGES (100000).
 */
import { rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { API_BASE, paths } from '../../src/api/paths';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { buildApp } from '../../server/http/app';
import { startServer } from '../../server/main';
import { bandsOf, fingerprintImage } from '../../server/media/imageHash';
import { decodeAnyDataUrl } from '../../server/media/images';
import { createPasswordHasher } from '../../server/core/passwords';
import { benchConfig, envInt, loadSettings } from './feed';
import { createSearchStore } from '../../server/modules/search/store';
import { queryTerms } from '../../server/core/searchText';
import sharp from 'sharp';
import { dataUrl, picturePng } from '../fixtures/pictures';
import { RARE_WORD, seedFeed, type SeedResult } from './seed';
import { recordGoal } from './goals';
import { benchPlan } from './quick';
import { captureRouteSql, startSqlFloor, type BareRoute } from './sqlFloor';

const PASSWORD = 'bench-password-123';
export const SEARCH_GOALS = { text: 3, image: 5 } as const;
const COMMON_WORD = 'the';
const PREFIX = 'pho';

export interface Figures {
  reqPerSec: number;
  p50: number;
  p99: number;
  singleMs: number;
  failures: number;
  /** What the case answered (results, or the count of posts found). */
  answer: string;
}

interface Target {
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

const send = async (target: Target) => {
  const response = await fetch(target.url, { method: target.method ?? 'GET', headers: target.headers, body: target.body });
  return { status: response.status, text: await response.text() };
};

async function measure(
  target: Target,
  settings: { seconds: number; warmupSeconds: number; connections: number },
  describe: (body: unknown) => string,
): Promise<Figures> {
  const first = await send(target);
  if (first.status !== 200)
    throw new Error(`${target.method ?? 'GET'} ${target.url} answered ${first.status}: ${first.text.slice(0, 200)}`);
  const base = {
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: settings.connections,
    timeout: 120,
    workers: 1,
  };
  if (settings.warmupSeconds > 0) await autocannon({ ...base, duration: settings.warmupSeconds });
  await send(target);
  const single: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await send(target);
    single.push(performance.now() - t0);
  }
  const result = await autocannon({ ...base, duration: settings.seconds });
  await send(target);
  return {
    reqPerSec: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    singleMs: single.sort((a, b) => a - b)[2],
    failures: result.non2xx + result.errors + result.timeouts,
    answer: describe(JSON.parse(first.text)),
  };
}

export interface QueryPlan {
  name: string;
  sql: string;
  plan: string;
  ms: number;
  rows: number;
}

/** The window query of each text case, as the server's SearchStore builds it, planned and timed directly. */
async function explainWindows(file: string, viewer: { id: string; isAdmin: boolean }, words: [string, string][]): Promise<QueryPlan[]> {
  const sqlite = new BetterSqlite3(file, { readonly: true });
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => void (event.level === 'query' && captured.push({ sql: event.query.sql, parameters: event.query.parameters })),
  });
  const handle: DatabaseHandle = { db, dialect: 'sqlite', destroy: () => db.destroy() };
  const store = createSearchStore(handle);
  const plans: QueryPlan[] = [];
  try {
    for (const [name, word] of words) {
      captured.length = 0;
      await store.postWindow(viewer, 'post', queryTerms(word), null);
      // A window may take more than one statement (a rare word's: the chunk, then whether it has more): all of them, timed together.
      const statements = captured.map(({ sql, parameters }) => ({
        statement: sqlite.prepare(sql),
        sql,
        parameters: parameters as unknown[],
      }));
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        rows = statements[0].statement.all(...statements[0].parameters).length;
        for (const { statement, parameters } of statements.slice(1)) statement.all(...parameters);
        times.push(performance.now() - t0);
      }
      const plan = statements
        .map(({ sql, parameters }, i) =>
          [
            `statement ${i + 1} of ${statements.length}:`,
            ...(sqlite.prepare(`explain query plan ${sql}`).all(...parameters) as { detail: string }[]).map((row) => row.detail),
          ].join('\n'),
        )
        .join('\n');
      plans.push({ name, sql: statements.map((s) => s.sql).join(';\n'), plan, ms: times.sort((a, b) => a - b)[2], rows });
    }
    return plans;
  } finally {
    await db.destroy();
  }
}

export interface SearchResult {
  seed: SeedResult;
  dbBytes: number;
  feed: Figures;
  common: Figures;
  rare: Figures;
  prefix: Figures;
  overview: Figures;
  image: Figures;
  imageFloor: Figures;
  /** The same SQL run bare (sqlFloor.ts), answering the same JSON: the goals' floors. */
  bare: { common: Figures; rare: Figures; prefix: Figures; image: Figures };
  ratios: { common: number; rare: number; prefix: number; overview: number; image: number; imageFloor: number };
  /** Each bare floor's p99 over the feed page's. */
  bareRatios: { common: number; rare: number; prefix: number; image: number };
  plans: QueryPlan[];
  settings: { seconds: number; warmupSeconds: number; connections: number };
}

export async function measureSearch(log: (line: string) => void = console.log): Promise<SearchResult> {
  const plan = benchPlan().search;
  const members = envInt('BENCH_FEED_MEMBERS', plan.members);
  const posts = envInt('BENCH_FEED_POSTS', plan.posts);
  const images = envInt('BENCH_SEARCH_IMAGES', plan.images);
  const settings = loadSettings();

  // The connections all search as the one viewer: each of them may have an upload in progress
  // (past UPLOADS_AT_ONCE_PER_MEMBER the image case would measure 429s instead of searches).
  const base = benchConfig('search');
  const config = {
    ...base,
    limits: { ...base.limits, uploadsAtOncePerMember: Math.max(base.limits.uploadsAtOncePerMember, settings.connections) },
  };
  const dir = config.dataDir;
  const file = config.database.file;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let stack: Awaited<ReturnType<typeof buildApp>> | undefined;
  let bareFloor: Awaited<ReturnType<typeof startSqlFloor>> | undefined;
  try {
    const handle = await openDatabase(config.database);
    await migrateToLatest(handle);
    await handle.destroy();
    const passwordHash = await createPasswordHasher(config.passwordHashing).hash(PASSWORD);
    log(
      `seeding ${members.toLocaleString('en')} members and ${posts.toLocaleString('en')} posts with their search entries and ${images.toLocaleString('en')} image fingerprints into ${file} ...`,
    );
    const seed = seedFeed({ file, members, posts, passwordHash, search: { images } });
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    log(
      `seeded in ${s(seed.ms.total)} (posts and their index ${s(seed.ms.posts)}); ${seed.counts.hashedImages.toLocaleString('en')} fingerprints, "${RARE_WORD}" in ${seed.counts.rarePosts} posts; database ${(statSync(file).size / 2 ** 20).toFixed(0)} MiB`,
    );

    // The picture the image search looks for: its fingerprint on one public image post the viewer may see.
    const picture = await picturePng(2024);
    const planted = await fingerprintImage(picture);
    const sqlite = new BetterSqlite3(file);
    const target = sqlite
      .prepare(
        `select p.id from posts p join image_hashes h on h.post_id = p.id where p.privacy = 'Public' and p.hidden = 0 and p.kind = 'post'
           and not exists (select 1 from blocks b where (b.blocker_id = ? and b.blocked_id = p.user_id) or (b.blocker_id = p.user_id and b.blocked_id = ?)) limit 1`,
      )
      .get(seed.viewer.id, seed.viewer.id) as { id: string } | undefined;
    if (!target) throw new Error('no public image post to plant the picture on');
    sqlite
      .prepare('update image_hashes set hash = ?, band0 = ?, band1 = ?, band2 = ?, band3 = ?, color = ? where post_id = ?')
      .run(planted.hash, ...bandsOf(planted.hash), planted.color, target.id);
    sqlite.close();
    const copy = await sharp(picture).resize(480).jpeg({ quality: 75 }).toBuffer();
    const imageBody = JSON.stringify({ image: dataUrl(copy, 'image/jpeg') });

    server = await startServer(config, { handleSignals: false });
    const api = `${server.url}${API_BASE}`;
    const signIn = await fetch(`${api}${paths.auth.signin}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'local', username: seed.viewer.username, password: PASSWORD }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
    const { token } = (await signIn.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const json = { ...headers, 'content-type': 'application/json' };

    // The floor under the image search: the app's own stack and authentication, decoding the upload and fingerprinting it, nothing else.
    stack = await buildApp(config, { database: await openDatabase(config.database) });
    const stackDatabase = stack.services.database;
    stack.addHook('onClose', () => stackDatabase.destroy());
    stack.post('/bench/fingerprint', { onRequest: stack.authenticate, bodyLimit: 20 * 1024 * 1024 }, async (request) => {
      const fingerprint = await fingerprintImage(decodeAnyDataUrl((request.body as { image: string }).image));
      return { posts: [], distances: {}, fingerprint };
    });
    await stack.listen({ host: '127.0.0.1', port: 0 });
    const stackUrl = `http://127.0.0.1:${(stack.server.address() as AddressInfo).port}`;

    const postsFound = (body: unknown) => {
      const answer = body as { posts?: unknown[]; count?: number; countIsFloor?: boolean };
      return `${answer.posts?.length ?? 0} shown of ${answer.count ?? '?'}${answer.countIsFloor ? '+' : ''}`;
    };
    log(`load: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s per case, loopback`);
    const feed = await measure(
      { url: `${api}${paths.posts.all(1)}`, headers },
      settings,
      (body) => `${(body as { posts: unknown[] }).posts.length} posts`,
    );
    const common = await measure({ url: `${api}${paths.search.kind('posts', COMMON_WORD)}`, headers }, settings, postsFound);
    const rare = await measure({ url: `${api}${paths.search.kind('posts', RARE_WORD)}`, headers }, settings, postsFound);
    const prefix = await measure({ url: `${api}${paths.search.kind('posts', PREFIX)}`, headers }, settings, postsFound);
    const overview = await measure({ url: `${api}${paths.search.all(COMMON_WORD)}`, headers }, settings, (body) => {
      const answer = body as Record<string, { count: number; countIsFloor: boolean }>;
      return ['posts', 'questions', 'people', 'groups']
        .map((kind) => `${kind} ${answer[kind].count}${answer[kind].countIsFloor ? '+' : ''}`)
        .join(', ');
    });
    const image = await measure(
      { url: `${api}${paths.search.image}`, method: 'POST', headers: json, body: imageBody },
      settings,
      (body) => {
        const answer = body as { posts: { _id: string }[]; distances: Record<string, number> };
        return `${answer.posts.length} found${answer.posts[0]?._id === target.id ? ` (the planted post first, ${answer.distances[target.id]} bits)` : ' (NOT the planted post)'}`;
      },
    );
    const imageFloor = await measure(
      { url: `${stackUrl}/bench/fingerprint`, method: 'POST', headers: json, body: imageBody },
      settings,
      () => 'fingerprint only',
    );

    // The goals' floors: each case's own SQL run by bare Fastify, answering the same JSON.
    const cases = [
      { name: 'common', method: 'GET' as const, path: paths.search.kind('posts', COMMON_WORD), headers },
      { name: 'rare', method: 'GET' as const, path: paths.search.kind('posts', RARE_WORD), headers },
      { name: 'prefix', method: 'GET' as const, path: paths.search.kind('posts', PREFIX), headers },
      { name: 'image', method: 'POST' as const, path: paths.search.image, headers: json, body: imageBody },
    ];
    const captured = await captureRouteSql(
      config,
      cases.map((c) => ({ method: c.method, url: `${API_BASE}${c.path}`, headers: c.headers, body: c.body })),
    );
    const routes: BareRoute[] = [];
    for (const [i, c] of cases.entries()) {
      const answer: unknown = JSON.parse((await send({ url: `${api}${c.path}`, method: c.method, headers: c.headers, body: c.body })).text);
      routes.push({
        method: c.method,
        path: `/${c.name}`,
        queries: captured[i]!,
        answer,
        ...(c.name === 'image'
          ? { before: async (body: unknown) => void (await fingerprintImage(decodeAnyDataUrl((body as { image: string }).image))) }
          : {}),
      });
    }
    bareFloor = await startSqlFloor(file, routes);
    const bareOf = (name: string) => {
      const c = cases.find((x) => x.name === name)!;
      return measure(
        { url: `${bareFloor!.url}/${name}`, method: c.method, headers: c.body ? { 'content-type': 'application/json' } : {}, body: c.body },
        settings,
        () => `${captured[cases.indexOf(c)]!.length} statements`,
      );
    };
    const bare = {
      common: await bareOf('common'),
      rare: await bareOf('rare'),
      prefix: await bareOf('prefix'),
      image: await bareOf('image'),
    };

    const plans = await explainWindows(file, { id: seed.viewer.id, isAdmin: false }, [
      ['common word', COMMON_WORD],
      ['rare word', RARE_WORD],
      ['prefix', PREFIX],
    ]);
    const ratio = (figures: Figures) => figures.p99 / Math.max(feed.p99, 1);
    return {
      seed,
      dbBytes: statSync(file).size,
      feed,
      common,
      rare,
      prefix,
      overview,
      image,
      imageFloor,
      ratios: {
        common: ratio(common),
        rare: ratio(rare),
        prefix: ratio(prefix),
        overview: ratio(overview),
        image: ratio(image),
        imageFloor: ratio(imageFloor),
      },
      bare,
      bareRatios: { common: ratio(bare.common), rare: ratio(bare.rare), prefix: ratio(bare.prefix), image: ratio(bare.image) },
      plans,
      settings,
    };
  } finally {
    await bareFloor?.close();
    await stack?.close().catch(() => undefined);
    if (server) await server.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printSearch(result: SearchResult, log: (line: string) => void = console.log): void {
  const row = (figures: Figures, ratio?: number) => ({
    'req/s': Math.round(figures.reqPerSec),
    'p50 ms': figures.p50,
    'p99 ms': figures.p99,
    '1 request ms': Number(figures.singleMs.toFixed(1)),
    failures: figures.failures,
    'p99 / feed p99': ratio === undefined ? '1.00x' : `${ratio.toFixed(2)}x`,
    answered: figures.answer,
  });
  log(
    `search (${result.seed.counts.posts.toLocaleString('en')} posts, ${result.seed.counts.members.toLocaleString('en')} members, ${result.seed.counts.hashedImages.toLocaleString('en')} image fingerprints, SQLite)`,
  );
  console.table({
    '(F) GET /post/all/1, the feed page': row(result.feed),
    [`(1) GET /search/posts/${COMMON_WORD} (a common word)`]: row(result.common, result.ratios.common),
    [`(2) GET /search/posts/${RARE_WORD} (a rare word)`]: row(result.rare, result.ratios.rare),
    [`(3) GET /search/posts/${PREFIX} (a prefix)`]: row(result.prefix, result.ratios.prefix),
    [`(4) GET /search/${COMMON_WORD} (all four kinds), for reference`]: row(result.overview, result.ratios.overview),
    '(5) POST /search/image (a JPEG copy)': row(result.image, result.ratios.image),
    '(6) app stack + auth, fingerprint only: the floor of (5)': row(result.imageFloor, result.ratios.imageFloor),
    '(1b) bare Fastify + the SQL of (1): its floor': row(result.bare.common, result.bareRatios.common),
    '(2b) bare Fastify + the SQL of (2): its floor': row(result.bare.rare, result.bareRatios.rare),
    '(3b) bare Fastify + the SQL of (3): its floor': row(result.bare.prefix, result.bareRatios.prefix),
    '(5b) bare Fastify, fingerprint + the SQL of (5): its floor': row(result.bare.image, result.bareRatios.image),
  });
  const goal = (name: string, ratio: number, target: number, floor: number, what: string) => {
    const met = recordGoal(`${name} p99 <= ${target}x the feed page's`, ratio, target, 'at most', 'x', {
      floor: { figure: floor, unit: 'x', what: `${what} on bare Fastify, p99 / feed p99` },
    });
    log(
      `${name} goal p99 <= ${target}x the feed page's: ${met ? 'met' : 'NOT met'} (${ratio.toFixed(2)}x; its floor ${floor.toFixed(2)}x)`,
    );
  };
  goal('text search, common word', result.ratios.common, SEARCH_GOALS.text, result.bareRatios.common, 'its SQL');
  goal('text search, rare word', result.ratios.rare, SEARCH_GOALS.text, result.bareRatios.rare, 'its SQL');
  goal('text search, prefix', result.ratios.prefix, SEARCH_GOALS.text, result.bareRatios.prefix, 'its SQL');
  goal('image search', result.ratios.image, SEARCH_GOALS.image, result.bareRatios.image, 'fingerprint + its SQL');
  const failures = [
    result.feed,
    result.common,
    result.rare,
    result.prefix,
    result.overview,
    result.image,
    result.imageFloor,
    ...Object.values(result.bare),
  ].reduce((sum, f) => sum + f.failures, 0);
  if (failures > 0) log(`warning: ${failures} requests failed or timed out; the figures above are suspect`);
  for (const plan of result.plans) {
    log(`  ${plan.name}: window ${plan.ms.toFixed(2)} ms run directly (${plan.rows} rows); plan:`);
    for (const line of plan.plan.split('\n')) log(`    ${line}`);
  }
}
