/**
 * Stoa as deploy/ runs it, on this machine: N server processes (the bundle `npm start` runs,
 * build/server.mjs) on one PostgreSQL schema and one Redis, behind nginx running
 * deploy/nginx/stoa.conf with its ports and paths replaced. Every process and nginx are children
 * of this one, with their files in a temporary folder; nothing touches the system's nginx.
 * No vitest here: the proxy benchmark (tests/bench/proxy.ts) uses it too.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { API_BASE } from '../../../src/api/paths';
import { buildClientIfNeeded } from '../../../scripts/clientBuild';
import { buildServerIfNeeded, SERVER_BUNDLE } from '../../../scripts/serverBuild';
import { serverStartFlags } from '../../../scripts/startFlags';
import { freePort } from './app';

const ROOT = join(import.meta.dirname, '..', '..', '..');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const NGINX_CONF = join(ROOT, 'deploy', 'nginx', 'stoa.conf');
const UPSTREAM_SCRIPT = join(ROOT, 'deploy', 'nginx-upstream.sh');

/** Why this machine cannot run the cluster (nginx, PostgreSQL or Redis missing), or null. */
export function clusterUnavailable(): string | null {
  if (!existsSync(NGINX)) return `nginx is not installed at ${NGINX} (apt-get install nginx; .ci/run installs it, or set NGINX_PATH)`;
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set (PostgreSQL: .ci/run sets it)';
  if (!process.env.TEST_REDIS_URL) return 'TEST_REDIS_URL is not set (Redis: .ci/run sets it)';
  return null;
}

async function waitUntil(check: () => Promise<boolean>, exited: () => string | null, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    const why = exited();
    if (why) throw new Error(`${what}: ${why}`);
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const answers = (url: string) =>
  new Promise<boolean>((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    request.setTimeout(2000, () => request.destroy());
  });

/** One server process on its own port; it can be stopped (SIGTERM), killed (SIGKILL) and started again. */
export class StoaProcess {
  private child: ChildProcess | null = null;
  private exitedWith: Promise<{ code: number | null; signal: NodeJS.Signals | null }> = Promise.resolve({ code: null, signal: null });
  private log = '';
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  /** The running process's id (undefined when it is not running). */
  get pid(): number | undefined {
    return this.alive ? this.child!.pid : undefined;
  }
  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }
  output(): string {
    return this.log;
  }

  /** Starts it and resolves once it answers /health on its own port. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, [...serverStartFlags(), SERVER_BUNDLE], {
      cwd: ROOT,
      env: { ...process.env, MALLOC_ARENA_MAX: '2', ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => void (this.log = (this.log + chunk.toString()).slice(-6000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exitedWith = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    await waitUntil(
      () => answers(`${this.url}${API_BASE}/health`),
      () => (child.exitCode !== null || child.signalCode !== null ? `exited (${child.exitCode ?? child.signalCode}):\n${this.log}` : null),
      `the process on port ${this.port}`,
      60_000,
    );
  }

  /** SIGTERM (the graceful stop) and its exit code; SIGKILL if it is still there after `ms`. */
  async stop(ms = 20_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (!this.alive) return this.exitedWith;
    this.child!.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), ms);
    const result = await this.exitedWith;
    clearTimeout(timer);
    return result;
  }

  /** SIGKILL: a crash, nothing flushed or closed. */
  async kill(): Promise<void> {
    if (!this.alive) return;
    this.child!.kill('SIGKILL');
    await this.exitedWith;
  }
}

export interface Cluster {
  /** nginx's address: what members use. */
  url: string;
  processes: StoaProcess[];
  clientDir: string;
  /** nginx's access log so far: `uri upstream status label` per line (label: the x-label header). */
  accessLog(): string[];
  /** nginx's error log so far (why it answered 502 or tried another process). */
  errorLog(): string;
  nginx: Nginx;
  stop(): Promise<void>;
}

/**
 * deploy/nginx/stoa.conf with this cluster's upstream ports, listen address and client folder, inside
 * an http block whose files all live in `dir` (one worker: requests go round the processes in turn).
 */
export function renderNginxConfig(dir: string, listenPort: number, upstreamPorts: number[], clientDir: string): string {
  let site = readFileSync(NGINX_CONF, 'utf8');
  const servers = upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join('\n');
  const upstream = /(upstream stoa \{\n(?:.*\n)*?)((?: {4}server 127\.0\.0\.1:\d+.*\n)+)/;
  if (!upstream.test(site)) throw new Error('deploy/nginx/stoa.conf: no `server 127.0.0.1:PORT` lines in its upstream');
  site = site.replace(upstream, (_all, head: string) => `${head}${servers}\n`);
  site = site.replace(/^\s*listen \[::\]:80;\n/m, '').replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`);
  site = site.replace(/root \/opt\/stoa\/app\/dist;/, `root ${clientDir};`);
  if (!site.includes(`listen 127.0.0.1:${listenPort};`) || !site.includes(`root ${clientDir};`))
    throw new Error('deploy/nginx/stoa.conf: its `listen 80;` or `root /opt/stoa/app/dist;` line changed');
  return `worker_processes 1;
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  log_format stoa '$request_uri $upstream_addr $status $http_x_label';
  access_log ${join(dir, 'access.log')} stoa;
${site}
}
`;
}

export interface Nginx {
  url: string;
  /** The master's process id (its worker is its child). */
  pid: number;
  /** Takes a process out of the upstream or puts it back, as the rolling restart does (deploy/nginx-upstream.sh). */
  upstream(what: 'down' | 'up', port: number): Promise<void>;
  stop(): Promise<void>;
}

/** nginx as a child process (never the system's service), its files and logs in `dir`. */
export async function startNginx(options: {
  dir: string;
  listenPort: number;
  upstreamPorts: number[];
  clientDir: string;
  accessLog?: boolean;
}): Promise<Nginx> {
  const { dir, listenPort } = options;
  mkdirSync(dir, { recursive: true });
  const conf = join(dir, 'nginx.conf');
  let rendered = renderNginxConfig(dir, listenPort, options.upstreamPorts, options.clientDir);
  if (options.accessLog === false) rendered = rendered.replace(/access_log .*;/, 'access_log off;');
  writeFileSync(conf, rendered);
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log'), '-g', `daemon off; pid ${join(dir, 'nginx.pid')};`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => void (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (log += chunk.toString()));
  const url = `http://127.0.0.1:${listenPort}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    await waitUntil(
      () => answers(`${url}${API_BASE}/health`),
      () => (child.exitCode !== null ? `nginx exited (${child.exitCode}): ${log}` : null),
      'nginx',
      20_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  // The deploy's own script, on this nginx: its config file, its pid file, a reload by signal.
  const upstream = (what: 'down' | 'up', port: number) =>
    new Promise<void>((resolve, reject) => {
      const env = { ...process.env, NGINX_SITE: conf, NGINX_PID: join(dir, 'nginx.pid'), NGINX_RELOAD: `kill -HUP ${child.pid}` };
      execFile('bash', [UPSTREAM_SCRIPT, what, String(port)], { env }, (error, _stdout, stderr) =>
        error ? reject(new Error(`nginx-upstream.sh ${what} ${port}: ${stderr || error.message}`)) : resolve(),
      );
    });
  return { url, pid: child.pid!, upstream, stop };
}

/** Starts PostgreSQL schema + Redis key + `processes` server processes + nginx. */
export async function startCluster(options: { processes: number; env?: Record<string, string>; accessLog?: boolean }): Promise<Cluster> {
  const why = clusterUnavailable();
  if (why) throw new Error(`the proxy cluster cannot run here: ${why}`);
  await buildClientIfNeeded(() => undefined);
  await buildServerIfNeeded();
  const dir = mkdtempSync(join(tmpdir(), 'stoa-cluster-'));
  const clientDir = join(ROOT, 'dist');
  const listenPort = await freePort();
  const url = `http://127.0.0.1:${listenPort}`;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const env: Record<string, string> = {
    DATABASE_URL: process.env.TEST_DATABASE_URL!,
    DATABASE_SCHEMA: schema,
    REDIS_URL: process.env.TEST_REDIS_URL!,
    SOCKET_REDIS_KEY: `stoa-cluster-${randomBytes(6).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: join(dir, 'data'),
    CLIENT_DIR: clientDir,
    PUBLIC_URL: url,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    ...options.env,
  };
  const ports: number[] = [];
  for (let i = 0; i < options.processes; i += 1) {
    let port = await freePort();
    while (ports.includes(port) || port === listenPort) port = await freePort();
    ports.push(port);
  }
  const processes = ports.map((port) => new StoaProcess(port, env));
  let nginx: Nginx | null = null;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(processes.map((p) => p.stop(10_000)));
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`).finally(() => client.end());
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The first runs the migrations; the others find them done.
    await processes[0]!.start();
    await Promise.all(processes.slice(1).map((p) => p.start()));
    nginx = await startNginx({
      dir: join(dir, 'nginx'),
      listenPort,
      upstreamPorts: ports,
      clientDir,
      accessLog: options.accessLog ?? true,
    });
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return {
    url,
    processes,
    clientDir,
    nginx: nginx!,
    accessLog: () => {
      const file = join(dir, 'nginx', 'access.log');
      return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    },
    errorLog: () => {
      const file = join(dir, 'nginx', 'error.log');
      return existsSync(file) ? readFileSync(file, 'utf8') : '';
    },
    stop,
  };
}

/** A random loopback address (127.0.0.0/8 is all loopback on Linux): a client of its own, fresh in Redis's counters. */
export function loopbackAddress(): string {
  const [a, b, c] = randomBytes(3);
  return `127.${(a! % 250) + 2}.${b! % 250}.${(c! % 250) + 2}`;
}

export interface Answer {
  status: number;
  json: any;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request on a connection of its own, from `from` (a loopback address) when given: nginx
 * sees that address as the client's.
 */
export function request(
  url: string,
  options: { method?: string; token?: string; body?: unknown; from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          let json: unknown = undefined;
          try {
            json = JSON.parse(body);
          } catch {
            // not JSON (a file, nginx's own error page)
          }
          resolve({ status: response.statusCode ?? 0, json, headers: response.headers, body });
        });
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${options.method ?? 'GET'} ${url}: no answer within 30 s`)));
    req.end(payload);
  });
}
