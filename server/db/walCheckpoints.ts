import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * SQLite copies the WAL back into the database file (a checkpoint) in the commit that takes the
 * WAL past 1,000 pages: that commit, on the event loop (better-sqlite3 is synchronous), copies
 * the pages and syncs the file. In a profile of chat sends one commit in a hundred took over a
 * millisecond (up to 15 ms), and every request waiting meanwhile waited with it: the slowest
 * percent of writes (each write benchmark's p99) were checkpoints. Here a worker thread with a
 * connection of its own runs them instead (`PASSIVE`: it never holds up a writer or a reader),
 * and the server's commits only append to the WAL. The commit's own checkpoint stays as a
 * backstop, at a WAL of 64 MiB, should the worker fall behind or fail.
 *
 * The worker starts when the WAL first reaches `startBytes` (where SQLite's own checkpoint would
 * have run), so a server that writes little (most tests) never starts one.
 */
export interface BackgroundCheckpoints {
  /** Whether the worker has started. */
  readonly running: boolean;
  /** Stops the worker (its connection closed) before the server's connection closes. */
  stop(): Promise<void>;
}

export interface CheckpointOptions {
  /** The WAL size that starts the worker. */
  startBytes?: number;
  /** How often the worker checkpoints. */
  everyMs?: number;
  /** How often the WAL's size is looked at until then. */
  pollMs?: number;
  /** Told when the worker fails (the commit's own checkpoint takes over again). */
  onFailure?: (error: Error) => void;
}

/** SQLite's own threshold, in pages (4 KiB each). */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
const BACKSTOP_PAGES = 16_384;

// The worker's code as a string: it runs the same under the bundle, tsx and the test runner,
// none of which would load a TypeScript file in a worker by itself. It only checkpoints.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = ' + workerData.synchronous);
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** better-sqlite3's errors reach this thread as a plain `{ code }` (a worker's errors are cloned). */
const asError = (value: unknown): Error =>
  value instanceof Error ? value : new Error(String((value as { code?: unknown } | null)?.code ?? value));

export function checkpointInBackground(
  database: BetterSqlite3.Database,
  file: string,
  synchronous: 'NORMAL' | 'FULL',
  options: CheckpointOptions = {},
): BackgroundCheckpoints {
  const { startBytes = SQLITE_AUTOCHECKPOINT_PAGES * 4096, everyMs = 250, pollMs = 1000 } = options;
  database.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  let worker: Worker | undefined;
  let exited: Promise<void> | undefined;
  let stopped = false;

  const start = () => {
    clearInterval(poll);
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, synchronous, everyMs } });
    // Never what keeps the process alive: stop() ends it, and so does the process's exit.
    started.unref();
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    started.once('error', (error: unknown) => {
      if (stopped) return;
      // Back to SQLite's own checkpoints in the commits.
      database.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
      options.onFailure?.(asError(error));
    });
    worker = started;
  };

  const poll = setInterval(() => {
    fs.stat(`${file}-wal`, (error, stats) => {
      if (!error && stats.size >= startBytes && !worker && !stopped) start();
    });
  }, pollMs);
  poll.unref();

  return {
    get running() {
      return worker !== undefined;
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (!worker) return;
      // Held again while it closes: the process must not end (nothing else left to run) before it has.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
