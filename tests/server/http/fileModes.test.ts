import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../src/api/paths';
import { loadConfig, type Config } from '../../../server/config';
import { startServer, type RunningServer } from '../../../server/main';
import { newMember } from '../harness';

/** Every file under a directory, with its kind, relative path and permission bits. */
async function modesUnder(root: string): Promise<{ path: string; dir: boolean; mode: number }[]> {
  const found: { path: string; dir: boolean; mode: number }[] = [];
  async function walk(dir: string) {
    for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const stat = await fs.stat(full);
      found.push({ path: path.relative(root, full), dir: entry.isDirectory(), mode: stat.mode & 0o777 });
      if (entry.isDirectory()) await walk(full);
    }
  }
  await walk(root);
  return found;
}

describe('files the server creates in a fresh DATA_DIR', () => {
  let parent: string;
  let config: Config;
  let server: RunningServer;
  beforeAll(async () => {
    parent = await fs.mkdtemp(path.join(os.tmpdir(), 'stoa-modes-'));
    // A directory that does not exist yet, and no JWT_SECRET: the server makes both.
    const dataDir = path.join(parent, 'fresh', 'data');
    const base = loadConfig({
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(parent, 'no-client'),
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
    });
    config = { ...base, passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 } };
    server = await startServer(config, { handleSignals: false });
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(parent, { recursive: true, force: true });
  });

  it('keeps them to the server: directories 0700, files 0600 (database, WAL, secret, outbox, media)', async () => {
    const body = await newMember();
    const signedUp = await server.app.inject({ method: 'POST', url: `${API_BASE}/signup`, payload: body });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    const forgot = await server.app.inject({ method: 'POST', url: `${API_BASE}/forgot-password`, payload: { email: body.email } });
    expect(forgot.statusCode).toBe(200);
    await server.app.services.mailer.idle();

    expect((await fs.stat(config.dataDir)).mode & 0o777).toBe(0o700);
    const modes = await modesUnder(config.dataDir);
    const names = modes.map((m) => m.path);
    for (const expected of ['stoa.db', 'stoa.db-wal', 'stoa.db-shm', 'jwt-secret', 'outbox', 'media']) expect(names).toContain(expected);
    expect(modes.some((m) => m.path.startsWith('outbox/') && m.path.endsWith('.eml'))).toBe(true);
    expect(modes.some((m) => m.path.startsWith('media/image/') && !m.dir)).toBe(true);
    expect(modes.filter((m) => m.mode !== (m.dir ? 0o700 : 0o600))).toEqual([]);
  });
});
