/**
 * The real server as a child process (`node --import tsx server/main.ts`), so that it can be
 * killed with SIGKILL like a crashed machine and started again on the same data and port.
 * No vitest here: the storm bench (tests/bench/storm.ts) uses it too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { API_BASE } from '../../src/api/paths';

const ROOT = join(import.meta.dirname, '..', '..');
const MAIN = join(ROOT, 'server', 'main.ts');

export interface ServerProcess {
  url: string;
  /** The last lines it wrote (for a failure's message). */
  output(): string;
  /** SIGKILL: no shutdown at all; resolves once the process is gone. */
  kill(): Promise<void>;
  /** Starts it again with the same environment (data, port, secret); resolves once it answers /health. */
  restart(): Promise<void>;
  /** SIGTERM (a clean close), SIGKILL after a while. */
  stop(): Promise<void>;
}

/** Starts the server with this environment (PORT, DATA_DIR, JWT_SECRET, DATABASE_URL, ...) and waits for /health. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${env.PORT}`;
  let child: ChildProcess | null = null;
  let exited: Promise<number | null> = Promise.resolve(null);
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };

  async function start(): Promise<void> {
    const started = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout!.on('data', keep);
    started.stderr!.on('data', keep);
    exited = new Promise((resolve) => started.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (
        await fetch(`${url}${API_BASE}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('waiting'), 100))]);
      if (code !== 'waiting') throw new Error(`the server exited (${String(code)}) before answering:\n${log}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer /health within ${timeoutMs} ms:\n${log}`);
    }
  }

  const alive = () => child !== null && child.exitCode === null && child.signalCode === null;

  await start();
  return {
    url,
    output: () => log,
    async kill() {
      if (!alive()) return;
      child!.kill('SIGKILL');
      await exited;
    },
    restart: start,
    async stop() {
      if (!alive()) return;
      child!.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('waiting'), 10_000))]);
      if (code === 'waiting') {
        child!.kill('SIGKILL');
        await exited;
      }
    },
  };
}
