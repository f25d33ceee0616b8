/**
 * The chat benchmark's floor, the bare chat server (chatRelay.ts with `durable` and `notify`), in a
 * process of its own started with the node flags the measured server runs with (`npm start`'s:
 * serverStartFlags, plus BENCH_CHAT_SERVER_FLAGS), so that the two differ by their code alone. In
 * the benchmark's own process the floor ran with node's default young generation (up to 16 MiB
 * semi-spaces) while the server runs with 2 MiB ones (the memory goal's flag): part of what read as
 * Stoa's overhead was the runtime's setting (docs/benchmarks/chat.md, session 25).
 *
 * The parent writes the relay's options to a JSON file, spawns this module (tsx's loader), and hears
 * the relay's address over IPC; SIGTERM closes it.
 */
import { spawn } from 'node:child_process';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerFile } from './insertFloor';
import { startRelay, type Relay } from './chatRelay';
import { chatServerFlags } from './chatServer';

interface FloorOptions {
  tokens: [string, string][];
  groupId: string;
  groupMembers: string[];
  durable: ServerFile;
}

export async function startFloorProcess(
  options: { userIdByToken: ReadonlyMap<string, string>; groupId: string; groupMembers: ReadonlySet<string>; durable: ServerFile },
  dir: string,
  timeoutMs: number,
): Promise<Relay & { pid: number }> {
  const file = join(dir, 'floor-options.json');
  const serialised: FloorOptions = {
    tokens: [...options.userIdByToken],
    groupId: options.groupId,
    groupMembers: [...options.groupMembers],
    durable: options.durable,
  };
  writeFileSync(file, JSON.stringify(serialised));
  const child = spawn(process.execPath, [...chatServerFlags(), '--import', 'tsx', fileURLToPath(import.meta.url), file], {
    env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the chat floor process did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('message', (message: { url?: string }) => {
      clearTimeout(timer);
      if (message.url) resolve(message.url);
      else reject(new Error('the chat floor process sent no address'));
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the chat floor process exited before it listened (code ${code})`));
    });
  });
  return {
    url,
    pid: child.pid!,
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

async function runFloor(file: string): Promise<void> {
  const options = JSON.parse(readFileSync(file, 'utf8')) as FloorOptions;
  const relay = await startRelay({
    userIdByToken: new Map(options.tokens),
    groupId: options.groupId,
    groupMembers: new Set(options.groupMembers),
    durable: options.durable,
    notify: true,
  });
  process.once('SIGTERM', () => {
    void relay.close().finally(() => process.exit(0));
  });
  process.send!({ url: relay.url });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runFloor(process.argv[2]!);
