/**
 * The chat benchmark's server, in a process of its own: the server bundle as `npm start` runs it
 * (build/server.mjs, scripts/serverBuild.ts; the same node flags, configuration from the environment), so that what the
 * benchmark reads of its memory (RSS from /proc) is the server's alone, not the client fleet's
 * nor the relays'. Started on a DATA_DIR the benchmark has already written, stopped with SIGTERM
 * (its own clean shutdown). BENCH_CHAT_CPU_PROF=<dir> starts it with `--cpu-prof` into that
 * directory (the profile is written when it exits), to see where a send spends its time;
 * BENCH_CHAT_SERVER_FLAGS adds node flags (e.g. V8 heap sizes) to try their effect on its memory;
 * BENCH_CHAT_HEAP_SNAPSHOTS=<dir> starts it with `--heapsnapshot-signal=SIGUSR2` writing into that
 * directory, and the benchmark takes one snapshot as started, one with the sockets connected and one at
 * the end (a snapshot collects garbage first: what it shows is held), to compare what the traffic left.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { buildServerIfNeeded } from '../../scripts/serverBuild';
import { serverStartFlags } from '../../scripts/startFlags';
import { API_BASE, paths } from '../../src/api/paths';

/** The node flags of the measured server's process (`npm start`'s and BENCH_CHAT_SERVER_FLAGS); the floor's process takes them too. */
export function chatServerFlags(): string[] {
  return [...serverStartFlags(), ...(process.env.BENCH_CHAT_SERVER_FLAGS ?? '').split(' ').filter(Boolean)];
}

export interface ServerMemory {
  /** Resident set now, and its peak (VmHWM), in MiB. */
  rssMiB: number;
  peakMiB: number;
  /** Of the resident set: the process's own memory (heap, buffers) and mapped files (code, libraries). */
  anonMiB: number;
  fileMiB: number;
}

export interface ServerProcess {
  url: string;
  pid: number;
  memory(): ServerMemory;
  /** With BENCH_CHAT_HEAP_SNAPSHOTS: writes a heap snapshot and resolves with its file (else undefined). */
  heapSnapshot(): Promise<string | undefined>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** /proc/<pid>/status fields, in kB (Linux). */
function status(pid: number): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const line of readFileSync(`/proc/${pid}/status`, 'utf8').split('\n')) {
    const match = /^(\w+):\s+(\d+) kB$/.exec(line);
    if (match) fields[match[1]!] = Number(match[2]);
  }
  return fields;
}

export async function startServerProcess(env: Record<string, string>, timeoutMs: number): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const profileDir = process.env.BENCH_CHAT_CPU_PROF;
  const flags = chatServerFlags();
  const snapshotDir = process.env.BENCH_CHAT_HEAP_SNAPSHOTS;
  if (snapshotDir) flags.push('--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`);
  const bundle = await buildServerIfNeeded();
  const child: ChildProcess = spawn(
    process.execPath,
    [...flags, ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), bundle],
    {
      env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`the chat server process exited before it answered (code ${await exited})`);
    const healthy = await fetch(`${url}${API_BASE}${paths.health}`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the chat server process did not answer ${paths.health} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    pid: child.pid!,
    memory() {
      const fields = status(child.pid!);
      const mib = (kB: number | undefined) => (kB ?? Number.NaN) / 1024;
      return { rssMiB: mib(fields.VmRSS), peakMiB: mib(fields.VmHWM), anonMiB: mib(fields.RssAnon), fileMiB: mib(fields.RssFile) };
    },
    async heapSnapshot() {
      if (!snapshotDir) return undefined;
      const before = new Set(readdirSync(snapshotDir));
      child.kill('SIGUSR2');
      // Node writes the file in place: done when it has appeared and its size holds for a second.
      let file: string | undefined;
      let size = -1;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        file ??= readdirSync(snapshotDir).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
        if (!file) continue;
        const now = statSync(join(snapshotDir, file)).size;
        if (now > 0 && now === size) return join(snapshotDir, file);
        size = now;
      }
    },
    async stop() {
      if (gone) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
