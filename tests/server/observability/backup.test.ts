import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../../src/api/auth';
import { API_BASE, paths } from '../../../src/api/paths';
import { startServer, type RunningServer } from '../../../server/main';
import { newMember } from '../harness';
import { npmRun, post, serverConfig } from './backupSupport';

describe('npm run backup and npm run restore (SQLite, under write load)', () => {
  const made: string[] = [];
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const dir of made) await fs.rm(dir, { recursive: true, force: true });
  });

  it('keeps every write acknowledged before the backup began, media and the JWT secret, and an intact database', async () => {
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'stoa-backup-'));
    made.push(scratch);
    const dataDir = path.join(scratch, 'data');
    const folder = path.join(scratch, 'backup');
    const restored = path.join(scratch, 'restored');

    const server = await startServer(serverConfig(dataDir), { handleSignals: false });
    servers.push(server);
    const writers = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const response = await post(server.url, paths.auth.signup, null, await newMember());
        expect(response.status).toBe(201);
        return authResponseSchema.parse(await response.json());
      }),
    );

    // Four members write posts as fast as the server takes them; each acknowledged post is noted with when.
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
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));

    const backupStarted = performance.now();
    const backup = await npmRun('backup', [folder], dataDir);
    const duringBackup = acknowledged.filter((write) => write.at > backupStarted).length;
    stop = true;
    await Promise.all(load);
    expect(backup.out).toContain(`Backed up ${dataDir} into ${folder}`);
    expect(backup.code).toBe(0);
    // The load really ran while the backup did.
    expect(duringBackup).toBeGreaterThan(0);
    const before = acknowledged.filter((write) => write.at < backupStarted);
    await server.close();

    const manifest = JSON.parse(await fs.readFile(path.join(folder, 'manifest.json'), 'utf8')) as {
      database: { kind: string; lastMigration: string };
      files: { path: string }[];
    };
    expect(manifest.database.kind).toBe('sqlite');
    expect(manifest.database.lastMigration).toMatch(/^\d{4}_/);
    const files = manifest.files.map((file) => file.path);
    expect(files).toContain('stoa.db');
    expect(files).toContain('jwt-secret');
    expect(files.some((file) => file.startsWith('media/image/'))).toBe(true);
    expect(files.some((file) => file.startsWith('stoa.db-') || file.startsWith('tmp/'))).toBe(false);

    // A restore goes into an empty DATA_DIR only.
    const refused = await npmRun('restore', [folder], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`${dataDir} is not empty: restore into an empty DATA_DIR`);

    const restore = await npmRun('restore', [folder], restored);
    expect(restore.out).toContain(`into ${restored}`);
    expect(restore.code).toBe(0);
    const check = new BetterSqlite3(path.join(restored, 'stoa.db'), { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();

    // A server on the restored DATA_DIR: the same secret (old tokens still sign in), every acknowledged post, the media.
    const again = await startServer(serverConfig(restored), { handleSignals: false });
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
    expect(before.length).toBeGreaterThanOrEqual(40);
    const avatar = new URL(writers[0]!.user.avatarImage, again.url);
    expect(avatar.pathname).toMatch(/^\/media\/image\//);
    expect((await fetch(`${again.url}${avatar.pathname}`)).status).toBe(200);
  }, 120_000);
});
