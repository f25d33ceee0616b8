import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';
import { checkpointInBackground } from '../../../server/db/walCheckpoints';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function scratchDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stoa-wal-'));
  dirs.push(dir);
  const file = path.join(dir, 'test.db');
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.exec('create table notes (id integer primary key, body text not null)');
  return { file, database };
}

/** About `pages` pages of the WAL, one commit per row as the server writes. */
function write(database: BetterSqlite3.Database, rows: number) {
  const insert = database.prepare('insert into notes (body) values (?)');
  for (let i = 0; i < rows; i++) insert.run('x'.repeat(3000));
}

async function waitFor(check: () => boolean, what: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('checkpoints in the background', () => {
  it('leaves the commits only appending: a worker copies the WAL into the file once it grows', async () => {
    const { file, database } = scratchDatabase();
    const checkpoints = checkpointInBackground(database, file, 'NORMAL', { startBytes: 256 * 1024, everyMs: 20, pollMs: 20 });
    try {
      // SQLite's own checkpoint at 1,000 pages is off: the commits never copy pages themselves.
      expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(16_384);
      write(database, 20);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // A small WAL starts nothing.
      expect(checkpoints.running).toBe(false);
      const fileBefore = fs.statSync(file).size;

      write(database, 1200); // ~1,200 pages: past SQLite's 1,000, past the start size here
      await waitFor(() => checkpoints.running, 'the worker to start');
      // The rows reach the database file itself, though this connection never checkpointed.
      await waitFor(() => fs.statSync(file).size > fileBefore + 1000 * 4096, 'the pages to be copied into the file');
      expect(database.prepare('select count(*) as n from notes').get()).toEqual({ n: 1220 });
    } finally {
      await checkpoints.stop();
      database.close();
    }
    // The last connection closed: nothing of the WAL is left behind.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('hands the checkpoints back to the commits when the worker fails', async () => {
    const { file, database } = scratchDatabase();
    // The worker is pointed at a database that is not there: it cannot open, and fails.
    const missing = path.join(path.dirname(file), 'missing.db');
    fs.writeFileSync(`${missing}-wal`, Buffer.alloc(64 * 1024));
    let failure: Error | undefined;
    const checkpoints = checkpointInBackground(database, missing, 'NORMAL', {
      startBytes: 1024,
      pollMs: 20,
      onFailure: (error) => (failure = error),
    });
    try {
      await waitFor(() => failure !== undefined, 'the failure');
      expect(failure!.message).toBe('SQLITE_CANTOPEN');
      expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    } finally {
      await checkpoints.stop();
      database.close();
    }
  });

  it('stops to its end in a process with nothing else to do (the worker is never what keeps it alive, nor what ends it early)', async () => {
    const script = path.join(import.meta.dirname, 'walCheckpointsAlone.ts');
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, ['--import', 'tsx', script], { timeout: 30_000 }, (_error, out) =>
        resolve({ code: child.exitCode, stdout: out }),
      );
    });
    // Exit code 13 is Node's "unsettled top-level await": the process ended while stop() waited.
    expect({ code, stdout: stdout.trim() }).toEqual({ code: 0, stdout: 'stopped; WAL left: false' });
  });

  it("is the server connection's: openDatabase with backgroundCheckpoints stops its worker on destroy", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stoa-wal-'));
    dirs.push(dir);
    const file = path.join(dir, 'stoa.db');
    const handle = await openDatabase({ kind: 'sqlite', file, synchronous: 'normal' }, { backgroundCheckpoints: true });
    const plain = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'plain.db'), synchronous: 'normal' });
    try {
      const setting = async (db: typeof handle.db) =>
        (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0]?.wal_autocheckpoint;
      expect(await setting(handle.db)).toBe(16_384);
      // Other connections (scripts, tests, the migrations' own) keep SQLite's checkpoints.
      expect(await setting(plain.db)).toBe(1000);
    } finally {
      await handle.destroy();
      await plain.destroy();
    }
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });
});
