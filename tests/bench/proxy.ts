/**
 * Several processes behind nginx (`npm run bench -- --only proxy`): requests per second for the
 * feed's page 1 (GET /api/v1/post/all/1, signed in) on PostgreSQL and Redis, through nginx running
 * deploy/nginx/stoa.conf with 1, 2 and 3 server processes behind it (the bundle `npm start` runs),
 * and one process reached directly (what nginx costs). Reported as ratios to 1 process behind nginx.
 *
 * Everything runs on this machine at once: the load generator (autocannon in a worker thread),
 * nginx (one worker), the server processes, PostgreSQL and Redis share its cores. On 2 cores a
 * second process can at most about double what one does, and only if nothing else needed a core;
 * a third process has no core of its own. docs/benchmarks/proxy-*.md says what the figures mean.
 *
 * Knobs: BENCH_PROXY_POSTS (2000, written through the API by BENCH_PROXY_AUTHORS, 20),
 * BENCH_PROXY_SECONDS per case (8, after a 2 s warm-up), BENCH_PROXY_CONNECTIONS (20).
 * Needs nginx (/usr/sbin/nginx or NGINX_PATH), TEST_DATABASE_URL and TEST_REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { API_BASE, paths } from '../../src/api/paths';
import { letterAvatarDataUrl } from '../../server/media/letterAvatar';
import { freePort } from '../e2e/support/app';
import { request, startCluster, startNginx, type Nginx } from '../e2e/support/cluster';
import { recordGoal } from './goals';
import { benchPlan } from './quick';

const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

export interface ProxyCase {
  name: string;
  processes: number;
  viaNginx: boolean;
  reqPerSec: number;
  p50: number;
  p99: number;
  failures: number;
  /** CPU time per request (ms) of the server processes, of nginx, and of this process (the load generator). */
  cpuPerRequest: { servers: number; nginx: number; loadGenerator: number };
}

/** A process's CPU time so far (user + system, ms), from /proc (0 when it is gone). */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks (100 a second).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** nginx's master and its workers. */
function nginxCpuMs(master: number): number {
  const childrenFile = `/proc/${master}/task/${master}/children`;
  const children = existsSync(childrenFile) ? readFileSync(childrenFile, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
  return [master, ...children].reduce((sum, pid) => sum + cpuMs(pid), 0);
}

export interface ProxyResult {
  cases: ProxyCase[];
  posts: number;
  seconds: number;
  connections: number;
  cores: number;
  loadBefore: number;
}

async function load(url: string, token: string, seconds: number, connections: number, cpu: () => number[]) {
  const base = { url, headers: { authorization: `Bearer ${token}` }, connections, timeout: 60, workers: 1 };
  const warmup = benchPlan().load.warmupSeconds;
  if (warmup > 0) await autocannon({ ...base, duration: warmup });
  const before = cpu();
  const result = await autocannon({ ...base, duration: seconds });
  const [servers, nginx, loadGenerator] = cpu().map((after, i) => (after - before[i]!) / Math.max(1, result['2xx']));
  return {
    cpuPerRequest: { servers: servers!, nginx: nginx!, loadGenerator: loadGenerator! },
    reqPerSec: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export async function measureProxy(log: (line: string) => void = console.log): Promise<ProxyResult> {
  const posts = envInt('BENCH_PROXY_POSTS', benchPlan().proxy.posts);
  const authors = envInt('BENCH_PROXY_AUTHORS', benchPlan().proxy.authors);
  const seconds = envInt('BENCH_PROXY_SECONDS', benchPlan().proxy.seconds);
  const connections = envInt('BENCH_PROXY_CONNECTIONS', 20);
  const loadBefore = loadavg()[0]!;
  log(`proxy: starting 3 processes behind nginx (PostgreSQL, Redis); load average ${loadBefore.toFixed(2)}`);
  const cluster = await startCluster({ processes: 3, accessLog: false, env: { RATE_LIMIT_SCALE: '10000', LOG_LEVEL: 'error' } });
  const extra: Nginx[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'stoa-bench-proxy-'));
  try {
    const direct = cluster.processes[0]!.url;
    const signUp = async (n: number) => {
      const username = `bench_${n}_${randomBytes(3).toString('hex')}`;
      const answer = await request(`${direct}${API_BASE}${paths.auth.signup}`, {
        method: 'POST',
        body: {
          username,
          email: `${username}@example.org`,
          password: 'correct horse battery',
          avatarColor: '#f33e58',
          avatarImage: await letterAvatarDataUrl(username, '#f33e58'),
        },
      });
      if (answer.status !== 201) throw new Error(`sign-up: ${answer.status} ${answer.body}`);
      return answer.json.token as string;
    };
    const writers = await Promise.all(Array.from({ length: authors }, (_, i) => signUp(i)));
    const reader = await signUp(authors);
    log(`proxy: writing ${posts} posts by ${authors} members`);
    for (let i = 0; i < posts; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, posts - i) }, (_, j) =>
          request(`${direct}${API_BASE}${paths.posts.create}`, {
            method: 'POST',
            token: writers[(i + j) % authors],
            body: { post: `post ${i + j} #bench` },
          }).then((a) => {
            if (a.status !== 201) throw new Error(`post: ${a.status} ${a.body}`);
          }),
        ),
      );
    }
    const ports = cluster.processes.map((p) => p.port);
    for (const count of [1, 2]) {
      extra.push(
        await startNginx({
          dir: join(dir, `nginx-${count}`),
          listenPort: await freePort(),
          upstreamPorts: ports.slice(0, count),
          clientDir: cluster.clientDir,
          accessLog: false,
        }),
      );
    }
    const feed = paths.posts.all(1);
    const targets: Array<[string, number, Nginx | null, string]> = [
      ['1 process, direct (no nginx)', 1, null, direct],
      ['1 process behind nginx', 1, extra[0]!, extra[0]!.url],
      ['2 processes behind nginx', 2, extra[1]!, extra[1]!.url],
      ['3 processes behind nginx', 3, cluster.nginx, cluster.url],
    ];
    const serversCpu = () => cluster.processes.reduce((sum, p) => sum + cpuMs(p.pid), 0);
    const ownCpu = () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    };
    const cases: ProxyCase[] = [];
    for (const [name, processes, nginx, url] of targets) {
      const check = await request(`${url}${API_BASE}${feed}`, { token: reader });
      if (check.status !== 200 || !Array.isArray(check.json?.posts)) throw new Error(`${name}: GET ${feed} answered ${check.status}`);
      log(`proxy: ${name}`);
      const figures = await load(`${url}${API_BASE}${feed}`, reader, seconds, connections, () => [
        serversCpu(),
        nginx ? nginxCpuMs(nginx.pid) : 0,
        ownCpu(),
      ]);
      cases.push({ name, processes, viaNginx: nginx !== null, ...figures });
    }
    return { cases, posts, seconds, connections, cores: cpus().length, loadBefore };
  } finally {
    for (const nginx of extra) await nginx.stop();
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printProxy(result: ProxyResult): void {
  const base = result.cases.find((c) => c.viaNginx && c.processes === 1)!;
  console.log(
    `feed page 1 through nginx on PostgreSQL + Redis (${result.posts} posts, ${result.connections} connections, ${result.seconds} s per case, ${result.cores} cores, load average before ${result.loadBefore.toFixed(2)})`,
  );
  console.table(
    Object.fromEntries(
      result.cases.map((c) => [
        c.name,
        {
          'req/s': Math.round(c.reqPerSec),
          'vs 1 behind nginx': `${(c.reqPerSec / base.reqPerSec).toFixed(2)}x`,
          'p50 ms': c.p50,
          'p99 ms': c.p99,
          failures: c.failures,
          'CPU ms/req: servers': c.cpuPerRequest.servers.toFixed(2),
          nginx: c.cpuPerRequest.nginx.toFixed(2),
          'load generator': c.cpuPerRequest.loadGenerator.toFixed(2),
        },
      ]),
    ),
  );
  // No goal on the ratios: on this machine the cores bound the gain (see the file's head), and
  // other work on the machine moves them. What is checked: nothing fails under load.
  recordGoal(
    'proxy: failed requests under load',
    result.cases.reduce((sum, c) => sum + c.failures, 0),
    0,
    'at most',
    'requests',
  );
}
