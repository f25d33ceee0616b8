/**
 * Runs the product exactly as a member would get it: `npm start` in a child process, on a free
 * port, with a fresh DATA_DIR (SQLite) and mail sent to a local SMTP receiver.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningApp {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'stoa-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: join(import.meta.dirname, '..', '..', '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: '',
      REDIS_URL: '',
      // Every browser of a journey comes from the one loopback address, which a real site never
      // sees: the per-address limits are scaled up (they have their own tests: rateLimits.test.ts).
      RATE_LIMIT_SCALE: '10',
      // The journeys' administrators use the admin area without a second factor (its own journey
      // and server tests cover the requirement).
      TWO_FACTOR_FOR_ADMINS: 'optional',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

  const deadline = Date.now() + 180_000;
  for (;;) {
    const ready = await fetch(`${url}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('waiting'), 250))]);
    if (code !== 'waiting') throw new Error(`npm start exited (${code}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`npm start did not become healthy:\n${log}`);
  }
  return {
    url,
    dataDir,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        process.kill(-child.pid!, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
