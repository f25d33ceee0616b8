/**
 * The moderation benchmark: the admin dashboard's statistics on the feed benchmark's
 * database (1,000,000 posts, 100,000 members, seeded by tests/bench/seed.ts, with the daily counts
 * the migration's triggers keep), each request load-tested against the feed's page 1 in the same
 * run on the same server. Goal: no statistics request slower than 5 feed pages (p99 / feed p99 <= 5),
 * read beside its floor: the slowest request's own SQL (captured from the app) run by bare Fastify
 * answering the same JSON (sqlFloor.ts), p99 / feed p99.
 *
 * Besides the seed: one admin, 200 banned members, 2,000 post reports and 1,000 profile reports
 * (a quarter of each open), 200 appeals and 2,000 audit entries, so every count on the dashboard
 * has rows to count. Knobs: those of the feed benchmark (BENCH_FEED_POSTS, BENCH_FEED_MEMBERS,
 * BENCH_FEED_SECONDS, BENCH_FEED_CONNECTIONS).
 */
import { rmSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { API_BASE, paths } from '../../src/api/paths';
import { openDatabase } from '../../server/db/database';
import { newId } from '../../server/db/ids';
import { migrateToLatest } from '../../server/db/migrate';
import { startServer } from '../../server/main';
import { createPasswordHasher } from '../../server/core/passwords';
import { benchConfig, envInt, get, measure, type LoadFigures, type Target, loadSettings } from './feed';
import { seedFeed, type SeedResult } from './seed';
import { recordGoal } from './goals';
import { benchPlan } from './quick';
import { captureRouteSql, startSqlFloor } from './sqlFloor';

const PASSWORD = 'bench-password-123';
export const MODERATION_GOAL = 5;

/** The dashboard's requests (the admin area's home and its charts), in the order it makes them. */
export const STATISTICS_PATHS = [
  paths.admin.dashboard,
  paths.admin.userStatistic,
  paths.admin.postStatistic,
  paths.admin.newUsersToday,
  paths.admin.postCount,
  paths.admin.userPerYear,
  paths.admin.postPerYear,
  paths.admin.userPerMonth(),
  paths.admin.postPerMonth(),
] as const;

export interface ModerationResult {
  seed: SeedResult;
  feed: LoadFigures;
  statistics: { path: string; figures: LoadFigures }[];
  /** The floor of the slowest statistics request: bare Fastify running its SQL (sqlFloor.ts), same answer. */
  floor: { path: string; statements: number; figures: LoadFigures };
  /** For reference: the members list and the open post report queue. */
  lists: { path: string; figures: LoadFigures }[];
  settings: { seconds: number; warmupSeconds: number; connections: number };
}

/** What an admin area has to count: bans, reports, appeals, audit entries (straight into the file). */
function seedModeration(file: string, seed: SeedResult): { admin: string } {
  const db = new BetterSqlite3(file);
  try {
    const members = db.prepare(`select id, username from users where id <> ? order by id limit 3000`).all(seed.viewer.id) as {
      id: string;
      username: string;
    }[];
    const posts = db.prepare(`select id from posts order by id desc limit 5000`).all() as { id: string }[];
    if (members.length < 300) throw new Error('the moderation benchmark needs at least 300 members (BENCH_FEED_MEMBERS)');
    const admin = members[0];
    const at = new Date().toISOString();
    db.transaction(() => {
      db.prepare(`update users set role = 'ADMIN' where id = ?`).run(admin.id);
      const ban = db.prepare(`update users set is_banned = 1 where id = ?`);
      const profile = db.prepare(
        `insert into user_profiles (user_id, ban_reason, banned_at, banned_by, updated_at) values (?, 'Spam', ?, ?, ?)`,
      );
      const appeal = db.prepare(
        `insert into appeals (id, user_id, ban_reason, banned_at, message, status, created_at) values (?, ?, 'Spam', ?, 'Please lift my ban, it was a mistake.', ?, ?)`,
      );
      for (const [i, member] of members.slice(1, 201).entries()) {
        ban.run(member.id);
        profile.run(member.id, at, admin.id, at);
        appeal.run(newId(), member.id, at, i % 4 === 0 ? 'pending' : 'rejected', at);
      }
      const status = (i: number) => (['pending', 'resolved', 'dismissed', 'reviewing'] as const)[i % 4];
      const reporters = members.slice(201);
      const postReport = db.prepare(
        `insert or ignore into post_reports (id, post_id, reporter_id, reason, status, created_at, updated_at) values (?, ?, ?, 'spam', ?, ?, ?)`,
      );
      for (let i = 0; i < 2000; i++)
        postReport.run(newId(), posts[i % posts.length].id, reporters[i % reporters.length].id, status(i), at, at);
      const profileReport = db.prepare(
        `insert into profile_reports (id, reporter_id, reported_id, reason, status, created_at, updated_at) values (?, ?, ?, 'Spam', ?, ?, ?)`,
      );
      for (let i = 0; i < 1000; i++)
        profileReport.run(newId(), reporters[i % reporters.length].id, members[1 + (i % 200)].id, status(i), at, at);
      const audit = db.prepare(
        `insert into audit_log (id, admin_id, action, target_type, target_id, target_label, subject_id, reason, created_at) values (?, ?, 'ban', 'user', ?, ?, ?, 'Spam', ?)`,
      );
      for (let i = 0; i < 2000; i++) {
        const member = members[1 + (i % 200)];
        audit.run(newId(), admin.id, member.id, member.username, member.id, at);
      }
    })();
    return { admin: admin.username };
  } finally {
    db.close();
  }
}

async function signIn(api: string, username: string): Promise<Record<string, string>> {
  const response = await fetch(`${api}${paths.auth.signin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'local', username, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${username} answered ${response.status}: ${await response.text()}`);
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

export async function measureModeration(log: (line: string) => void = console.log): Promise<ModerationResult> {
  const plan = benchPlan().moderation;
  const members = envInt('BENCH_FEED_MEMBERS', plan.members);
  const posts = envInt('BENCH_FEED_POSTS', plan.posts);
  const settings = loadSettings();
  const config = benchConfig('moderation');
  const dir = config.dataDir;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let bare: Awaited<ReturnType<typeof startSqlFloor>> | undefined;
  try {
    const handle = await openDatabase(config.database);
    await migrateToLatest(handle);
    await handle.destroy();
    const passwordHash = await createPasswordHasher(config.passwordHashing).hash(PASSWORD);
    log(
      `seeding ${members.toLocaleString('en')} members and ${posts.toLocaleString('en')} posts (the feed benchmark's seed, daily counts by the triggers) ...`,
    );
    const seed = seedFeed({ file: config.database.file, members, posts, passwordHash });
    const { admin } = seedModeration(config.database.file, seed);
    log(`seeded in ${(seed.ms.total / 1000).toFixed(1)} s (posts ${(seed.ms.posts / 1000).toFixed(1)} s); admin ${admin}`);

    server = await startServer(config, { handleSignals: false });
    const api = `${server.url}${API_BASE}`;
    const [viewerHeaders, adminHeaders] = [await signIn(api, seed.viewer.username), await signIn(api, admin)];
    const load = async (path: string, headers: Record<string, string>) => {
      const target: Target = { url: `${api}${path}`, headers };
      const answer = await get(target);
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      return measure(target, settings, answer.body);
    };
    // Time runs on while measuring: an answer that holds "today" is the same all run long, and
    // the dashboard's recent actions do not change (nothing writes meanwhile).
    log(`load: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s per case, loopback`);
    const feed = await load(paths.posts.all(1), viewerHeaders);
    const statistics = [];
    for (const path of STATISTICS_PATHS) statistics.push({ path, figures: await load(path, adminHeaders) });
    // The goal's floor: the slowest request's own SQL run bare, answering the same JSON.
    const worst = slowest(statistics);
    const [queries] = await captureRouteSql(config, [{ method: 'GET', url: `${API_BASE}${worst.path}`, headers: adminHeaders }]);
    const answer: unknown = JSON.parse((await get({ url: `${api}${worst.path}`, headers: adminHeaders })).body);
    bare = await startSqlFloor(config.database.file, [{ method: 'GET', path: '/floor', queries: queries!, answer }]);
    const floor = {
      path: worst.path,
      statements: queries!.length,
      figures: await measure({ url: `${bare.url}/floor`, headers: {} }, settings, '', () => true),
    };
    const lists = [];
    for (const path of [paths.admin.users(1), paths.moderation.postReports({ page: 1 })])
      lists.push({ path, figures: await load(path, adminHeaders) });
    return { seed, feed, statistics, floor, lists, settings };
  } finally {
    await bare?.close();
    if (server) await server.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

const slowest = <T extends { figures: LoadFigures }>(cases: readonly T[]): T =>
  cases.reduce((a, b) => (b.figures.p99 > a.figures.p99 ? b : a));

/** The table and the goal line, as `npm run bench` prints them. */
export function printModeration(result: ModerationResult, log: (line: string) => void = console.log): void {
  // autocannon's p99 has a 1 ms resolution: a feed p99 under 1 ms counts as 1 ms.
  const feedP99 = Math.max(1, result.feed.p99);
  const row = (figures: LoadFigures, reference = false) => ({
    'req/s': Math.round(figures.reqPerSec),
    'p50 ms': figures.p50,
    'p99 ms': figures.p99,
    '1 request ms': Number(figures.singleMs.toFixed(1)),
    failures: figures.failures,
    'p99 / feed p99': reference ? '1.00x' : `${(figures.p99 / feedP99).toFixed(2)}x`,
  });
  log(
    `admin statistics (${result.seed.counts.posts.toLocaleString('en')} posts, ${result.seed.counts.members.toLocaleString('en')} members, SQLite)`,
  );
  console.table({
    'GET /post/all/1 (the feed page, baseline)': row(result.feed, true),
    ...Object.fromEntries(result.statistics.map(({ path, figures }) => [`GET ${path}`, row(figures)])),
    [`floor: bare Fastify + the ${result.floor.statements} statements of GET ${result.floor.path}`]: row(result.floor.figures),
    ...Object.fromEntries(result.lists.map(({ path, figures }) => [`GET ${path} (for reference)`, row(figures)])),
  });
  const worst = slowest(result.statistics);
  const ratio = worst.figures.p99 / feedP99;
  const floorRatio = result.floor.figures.p99 / feedP99;
  const met = recordGoal(`admin statistics p99 <= ${MODERATION_GOAL}x the feed page's`, ratio, MODERATION_GOAL, 'at most', 'x', {
    floor: { figure: floorRatio, unit: 'x', what: `its SQL on bare Fastify (GET ${result.floor.path}), p99 / feed p99` },
  });
  log(
    `statistics goal: no request's p99 above ${MODERATION_GOAL} feed pages' (${feedP99} ms): ${met ? 'met' : 'NOT met'} (slowest: GET ${worst.path}, ${ratio.toFixed(2)}x; its SQL bare ${floorRatio.toFixed(2)}x)`,
  );
  const failures = [
    result.feed,
    result.floor.figures,
    ...result.statistics.map((s) => s.figures),
    ...result.lists.map((s) => s.figures),
  ].reduce((sum, f) => sum + f.failures, 0);
  if (failures > 0) log(`warning: ${failures} requests failed or timed out; the figures above are suspect`);
}
