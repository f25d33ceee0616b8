import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../../src/api/auth';
import { API_BASE, paths } from '../../../src/api/paths';
import { startServer, type RunningServer } from '../../../server/main';
import { newMember } from '../harness';
import { npmRun, post, runCommand, serverConfig } from './backupSupport';

const DATABASE_URL = process.env.TEST_DATABASE_URL;

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The steps docs/deploy.md "Backups" gives for PostgreSQL, run as written, under write load. */
describe.runIf(DATABASE_URL)('pg_dump and pg_restore (PostgreSQL, under write load)', () => {
  const suffix = randomBytes(5).toString('hex');
  const schema = `t_backup_${suffix}`;
  const restoredDatabase = `stoa_restore_${suffix}`;
  const made: string[] = [];
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
    await admin(DATABASE_URL!, `drop schema if exists "${schema}" cascade`);
    await admin(DATABASE_URL!, `drop database if exists "${restoredDatabase}" with (force)`);
    for (const dir of made) await fs.rm(dir, { recursive: true, force: true });
  });

  it('brings back every write acknowledged before pg_dump began, with DATA_DIR from npm run backup', async () => {
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'stoa-pgbackup-'));
    made.push(scratch);
    const dataDir = path.join(scratch, 'data');
    const dump = path.join(scratch, 'stoa.pgdump');
    const files = path.join(scratch, 'files');
    const restoredDir = path.join(scratch, 'restored');
    const env = { DATABASE_URL: DATABASE_URL!, DATABASE_SCHEMA: schema };

    const server = await startServer(serverConfig(dataDir, env), { handleSignals: false });
    servers.push(server);
    const writers = await Promise.all(
      [1, 2, 3].map(async () => {
        const response = await post(server.url, paths.auth.signup, null, await newMember());
        expect(response.status).toBe(201);
        return authResponseSchema.parse(await response.json());
      }),
    );
    const acknowledged: { id: string; token: string; at: number }[] = [];
    let stop = false;
    const load = writers.map(async (writer, n) => {
      for (let i = 0; !stop; i += 1) {
        const response = await post(server.url, paths.posts.create, writer.token, { post: `writer ${n} post ${i}` });
        expect(response.status).toBe(201);
        const { post: created } = (await response.json()) as { post: { _id: string } };
        acknowledged.push({ id: created._id, token: writer.token, at: performance.now() });
      }
    });
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));

    const started = performance.now();
    // pg_dump reads one snapshot (a repeatable-read transaction) while the server keeps writing.
    const dumped = await runCommand('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${dump}`, DATABASE_URL!]);
    const backup = await npmRun('backup', [files], dataDir, env);
    const duringDump = acknowledged.filter((write) => write.at > started).length;
    stop = true;
    await Promise.all(load);
    expect(dumped.out).toBe('');
    expect(dumped.code).toBe(0);
    expect(backup.out).toContain('The database is PostgreSQL: back it up with pg_dump');
    expect(backup.code).toBe(0);
    expect(duringDump).toBeGreaterThan(0);
    const before = acknowledged.filter((write) => write.at < started);
    await server.close();

    // Into a new, empty database, as on a new machine.
    await admin(DATABASE_URL!, `create database "${restoredDatabase}"`);
    const restoredUrl = new URL(DATABASE_URL!);
    restoredUrl.pathname = `/${restoredDatabase}`;
    const restored = await runCommand('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl.href}`, dump]);
    expect(restored.out).toBe('');
    expect(restored.code).toBe(0);
    const restoreFiles = await npmRun('restore', [files], restoredDir, env);
    expect(restoreFiles.out).toContain('restore it with pg_restore');
    expect(restoreFiles.code).toBe(0);

    const again = await startServer(serverConfig(restoredDir, { DATABASE_URL: restoredUrl.href, DATABASE_SCHEMA: schema }), {
      handleSignals: false,
    });
    servers.push(again);
    expect((await fetch(`${again.url}${API_BASE}${paths.ready}`)).status).toBe(200);
    const missing: string[] = [];
    for (const write of before) {
      const response = await fetch(`${again.url}${API_BASE}${paths.posts.one(write.id)}`, {
        headers: { authorization: `Bearer ${write.token}` },
      });
      if (response.status !== 200) missing.push(`${write.id}: ${response.status}`);
    }
    expect(missing).toEqual([]);
    expect(before.length).toBeGreaterThanOrEqual(30);
    const avatar = new URL(writers[0]!.user.avatarImage, again.url);
    expect((await fetch(`${again.url}${avatar.pathname}`)).status).toBe(200);
  }, 120_000);
});
