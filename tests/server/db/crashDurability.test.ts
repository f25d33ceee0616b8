import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../../src/api/auth';
import { paths } from '../../../src/api/paths';
import { DEFAULT_SQLITE_SYNCHRONOUS, loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/database';
import { freePort } from '../../e2e/support/app';
import { post } from '../observability/backupSupport';
import { newMember } from '../harness';
import { startServerProcess, type ServerProcess } from '../stormServer';

/**
 * The embedded database's promise (docs/deploy.md, "Durability"): a write the server has answered
 * survives the process dying. SQLite runs with `synchronous = NORMAL` in WAL mode by default
 * (server/db/database.ts): a commit is in the WAL, in the OS's hands, before the answer leaves, but
 * not fsynced. So the real server is killed with SIGKILL the moment an answer arrives, with more
 * writes in flight, and the file is then opened afresh. (The chat storm, tests/server/chatStorm.ts,
 * also SIGKILLs a server midway and checks every acknowledged message is stored.)
 */
describe('a server process killed right after answering (SQLite)', () => {
  const made: string[] = [];
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    for (const dir of made) await fs.rm(dir, { recursive: true, force: true });
  });

  it('runs its connection with synchronous = NORMAL unless SQLITE_SYNCHRONOUS says full', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stoa-sync-'));
    made.push(dir);
    expect(DEFAULT_SQLITE_SYNCHRONOUS).toBe('normal');
    // SQLite's numbers: 1 is NORMAL, 2 is FULL.
    for (const [env, expected] of [
      [{}, 1],
      [{ SQLITE_SYNCHRONOUS: 'full' }, 2],
    ] as const) {
      const handle = await openDatabase(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), ...env }).database);
      try {
        const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
        expect(rows[0]?.synchronous).toBe(expected);
        const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
        expect(mode.rows[0]?.journal_mode).toBe('wal');
      } finally {
        await handle.destroy();
      }
    }
  });

  it('loses no answered write: a fresh open of its file holds every post it answered 201 for', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stoa-crash-'));
    made.push(dataDir);
    const port = await freePort();
    const running = await startServerProcess({
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_SCALE: '1000',
      DATABASE_URL: '',
      // The default is what is proven: an operator's shell must not choose for the test.
      SQLITE_SYNCHRONOUS: '',
    });
    server = running;
    const writers = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const response = await post(running.url, paths.auth.signup, null, await newMember());
        expect(response.status).toBe(201);
        return authResponseSchema.parse(await response.json());
      }),
    );

    // Four members post as fast as the server answers; on the 60th answer the process is killed at
    // once (SIGKILL goes out before anything else runs), with the other writers' posts in flight.
    const KILL_AFTER = 60;
    const answered: string[] = [];
    let killed = false;
    const load = writers.map(async (writer, n) => {
      for (let i = 0; !killed; i += 1) {
        let response: Response;
        try {
          response = await post(running.url, paths.posts.create, writer.token, { post: `writer ${n} post ${i}` });
        } catch {
          return; // the connection died with the process: this post was never answered
        }
        if (response.status !== 201) {
          if (killed) return;
          throw new Error(`a post answered ${response.status}: ${await response.text()}`);
        }
        const body = (await response.json().catch(() => null)) as { post: { _id: string } } | null;
        if (!body) return; // the body was cut by the kill: not answered
        answered.push(body.post._id);
        if (answered.length === KILL_AFTER && !killed) {
          killed = true;
          void running.kill();
        }
      }
    });
    await Promise.all(load);
    await running.kill();
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);

    // The process died without closing the database: the WAL is still there, unmerged.
    const file = path.join(dataDir, 'stoa.db');
    expect((await fs.stat(`${file}-wal`)).size).toBeGreaterThan(0);
    const fresh = new BetterSqlite3(file);
    try {
      expect(fresh.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set(
        (
          fresh.prepare(`select id from posts where id in (${answered.map(() => '?').join(', ')})`).all(...answered) as { id: string }[]
        ).map((row) => row.id),
      );
      expect(answered.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      fresh.close();
    }
  }, 120_000);
});
