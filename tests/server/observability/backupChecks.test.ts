import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDataDir, restoreDataDir } from '../../../server/backup/dataDir';
import { DEFAULT_SQLITE_SYNCHRONOUS } from '../../../server/config';
import { openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';

describe('backup and restore refuse what would lose or mix data', () => {
  let scratch: string;
  let dataDir: string;
  let folder: string;
  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'stoa-backup-checks-'));
    dataDir = path.join(scratch, 'data');
    const database = await openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'stoa.db'), synchronous: DEFAULT_SQLITE_SYNCHRONOUS });
    await migrateToLatest(database, { mediaRoot: path.join(dataDir, 'media') });
    await database.destroy();
    await fs.mkdir(path.join(dataDir, 'media', 'image', 'v1'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'media', 'image', 'v1', 'a.png'), 'image bytes');
    await fs.writeFile(path.join(dataDir, 'media', 'image', 'v1', 'b.png.1234.part'), 'half written');
    await fs.mkdir(path.join(dataDir, 'tmp', 'uploads'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'tmp', 'uploads', 'x.upload'), 'in progress');
    folder = path.join(scratch, 'backup');
    await backupDataDir({ dataDir, folder, database: 'sqlite' });
  });
  afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

  it('leaves out uploads in progress and half-written files', async () => {
    const manifest = JSON.parse(await fs.readFile(path.join(folder, 'manifest.json'), 'utf8')) as { files: { path: string }[] };
    expect(manifest.files.map((file) => file.path)).toEqual(['stoa.db', 'media/image/v1/a.png']);
  });

  it('backs up into a new or empty folder only', async () => {
    await expect(backupDataDir({ dataDir, folder, database: 'sqlite' })).rejects.toThrow(`${folder} is not empty`);
  });

  it('restores from a complete backup only', async () => {
    const empty = path.join(scratch, 'not-a-backup');
    await fs.mkdir(empty);
    await expect(restoreDataDir({ folder: empty, dataDir: path.join(scratch, 'target-1') })).rejects.toThrow(
      'is not a complete Stoa backup',
    );
  });

  it('refuses a damaged backup and leaves DATA_DIR as it was', async () => {
    const damaged = path.join(scratch, 'damaged');
    await fs.cp(folder, damaged, { recursive: true });
    await fs.writeFile(path.join(damaged, 'data', 'media', 'image', 'v1', 'a.png'), 'other bytes');
    const target = path.join(scratch, 'target-2');
    await expect(restoreDataDir({ folder: damaged, dataDir: target })).rejects.toThrow('media/image/v1/a.png does not match the manifest');
    expect(await fs.stat(target).catch(() => null)).toBeNull();
    expect((await fs.readdir(scratch)).filter((name) => name.includes('.restoring-'))).toEqual([]);
  });

  it('restores into an empty DATA_DIR that already exists, with private modes', async () => {
    const target = path.join(scratch, 'target-3');
    await fs.mkdir(target);
    await restoreDataDir({ folder, dataDir: target });
    expect(await fs.readFile(path.join(target, 'media', 'image', 'v1', 'a.png'), 'utf8')).toBe('image bytes');
    expect((await fs.stat(path.join(target, 'stoa.db'))).mode & 0o777).toBe(0o600);
    expect((await fs.stat(target)).mode & 0o777).toBe(0o700);
  });
});
