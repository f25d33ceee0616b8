import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles';

/**
 * A backup of DATA_DIR (docs/deploy.md "Backups"): a folder holding `manifest.json` and `data/`,
 * a copy of DATA_DIR as the server needs it to come back. The SQLite database is copied with
 * SQLite's online backup API while the server runs (one read transaction: a consistent snapshot
 * holding every write committed before it began), then every other file (media, the generated
 * JWT secret, the mail outbox), each with its size and SHA-256 in the manifest. The manifest is
 * written last: a folder without one is no backup.
 */

export const MANIFEST = 'manifest.json';
export const DATA_FOLDER = 'data';
/** The database file in DATA_DIR (config.ts). */
export const SQLITE_FILE = 'stoa.db';
const FORMAT = 'stoa-backup';
const VERSION = 1;

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  version: typeof VERSION;
  createdAt: string;
  /** sqlite: the database is data/stoa.db. postgres: it is not here (pg_dump, docs/deploy.md). */
  database: { kind: 'sqlite'; file: string; lastMigration: string | null } | { kind: 'postgres'; included: false };
  files: ManifestFile[];
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/** What never goes into a backup: the database's live files (copied through SQLite instead), uploads in progress, files being written. */
function skipped(relative: string): boolean {
  const first = relative.split(path.sep)[0];
  if (first === 'tmp') return true;
  if (relative === SQLITE_FILE || relative.startsWith(`${SQLITE_FILE}-`)) return true;
  return relative.endsWith('.part');
}

async function listFiles(root: string, relative = ''): Promise<string[]> {
  const entries = await fs.readdir(path.join(root, relative), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files: string[] = [];
  for (const entry of entries) {
    const child = path.join(relative, entry.name);
    if (skipped(child)) continue;
    if (entry.isDirectory()) files.push(...(await listFiles(root, child)));
    else if (entry.isFile()) files.push(child);
  }
  return files.sort();
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function isEmptyOrMissing(folder: string): Promise<boolean> {
  const names = await fs.readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.length === 0;
}

/** `PRAGMA integrity_check` of a database file: 'ok' or SQLite's list of problems. */
export function integrityOf(file: string): string {
  const database = new BetterSqlite3(file, { fileMustExist: true });
  try {
    const rows = database.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join('; ');
  } finally {
    database.close();
  }
}

/** Copies the live database into `target` through SQLite's online backup, in one step (one snapshot). */
async function copySqlite(source: string, target: string): Promise<string | null> {
  const database = new BetterSqlite3(source, { fileMustExist: true });
  try {
    // The server may hold the write lock for a moment; wait for it as the server's own connections do.
    database.pragma('busy_timeout = 5000');
    // The first step opens the backup; the progress answer makes the next copy every page in one
    // step, inside one read transaction, so no write can land halfway through the copy.
    await database.backup(target, { progress: () => 0x7fffffff });
    const last = database.prepare<[], { name: string }>('select max(name) as name from kysely_migration').get();
    return last?.name ?? null;
  } finally {
    database.close();
  }
}

export interface BackupResult {
  manifest: Manifest;
  folder: string;
}

/**
 * Backs DATA_DIR up into `folder` (which must be empty or missing). `database`: the configured
 * kind; with PostgreSQL only the files are copied (the database has its own tools).
 */
export async function backupDataDir(options: { dataDir: string; folder: string; database: 'sqlite' | 'postgres' }): Promise<BackupResult> {
  const dataDir = path.resolve(options.dataDir);
  const folder = path.resolve(options.folder);
  if (!(await isEmptyOrMissing(folder))) throw new BackupError(`${folder} is not empty: back up into a new or empty folder`);
  const sqliteFile = path.join(dataDir, SQLITE_FILE);
  if (options.database === 'sqlite' && !(await fs.stat(sqliteFile).catch(() => null))) {
    throw new BackupError(`${sqliteFile} does not exist: is DATA_DIR right?`);
  }
  const dataOut = path.join(folder, DATA_FOLDER);
  await fs.mkdir(dataOut, { recursive: true, mode: PRIVATE_DIR_MODE });
  const createdAt = new Date().toISOString();

  let database: Manifest['database'] = { kind: 'postgres', included: false };
  const files: ManifestFile[] = [];
  if (options.database === 'sqlite') {
    const target = path.join(dataOut, SQLITE_FILE);
    const lastMigration = await copySqlite(sqliteFile, target);
    await fs.chmod(target, PRIVATE_FILE_MODE);
    // The copy is one self-contained file: no -wal beside it (the server turns WAL on again when it opens it).
    const copy = new BetterSqlite3(target);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const integrity = integrityOf(target);
    if (integrity !== 'ok') throw new BackupError(`The copied database failed its integrity check: ${integrity}`);
    database = { kind: 'sqlite', file: `${DATA_FOLDER}/${SQLITE_FILE}`, lastMigration };
    files.push({ path: SQLITE_FILE, bytes: (await fs.stat(target)).size, sha256: await sha256Of(target) });
  }

  // After the database: a file it names is already written (media are written before their row).
  for (const relative of await listFiles(dataDir)) {
    const from = path.join(dataDir, relative);
    const to = path.join(dataOut, relative);
    await fs.mkdir(path.dirname(to), { recursive: true, mode: PRIVATE_DIR_MODE });
    try {
      await fs.copyFile(from, to);
    } catch (error) {
      // Deleted since it was listed (a post removed meanwhile): nothing to keep.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    await fs.chmod(to, PRIVATE_FILE_MODE);
    files.push({ path: relative.split(path.sep).join('/'), bytes: (await fs.stat(to)).size, sha256: await sha256Of(to) });
  }

  const manifest: Manifest = { format: FORMAT, version: VERSION, createdAt, database, files };
  await fs.writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  return { manifest, folder };
}

async function readManifest(folder: string): Promise<Manifest> {
  const text = await fs.readFile(path.join(folder, MANIFEST), 'utf8').catch(() => null);
  if (text === null) throw new BackupError(`${path.join(folder, MANIFEST)} is missing: ${folder} is not a complete Stoa backup`);
  const manifest = JSON.parse(text) as Partial<Manifest>;
  if (manifest.format !== FORMAT || manifest.version !== VERSION || !Array.isArray(manifest.files)) {
    throw new BackupError(`${folder} holds no Stoa backup this version can read`);
  }
  return manifest as Manifest;
}

/**
 * Brings a backup back into `dataDir`, which must be empty or missing (a restore never mixes with
 * a community's files). Every file is checked against the manifest, then the database's
 * integrity; the files are put together beside DATA_DIR and moved into place at the end, so a
 * failed restore leaves DATA_DIR as it was.
 */
export async function restoreDataDir(options: { folder: string; dataDir: string }): Promise<Manifest> {
  const folder = path.resolve(options.folder);
  const dataDir = path.resolve(options.dataDir);
  const manifest = await readManifest(folder);
  if (!(await isEmptyOrMissing(dataDir))) throw new BackupError(`${dataDir} is not empty: restore into an empty DATA_DIR`);

  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const staging = await fs.mkdtemp(`${dataDir}.restoring-`);
  try {
    await fs.chmod(staging, PRIVATE_DIR_MODE);
    for (const file of manifest.files) {
      const relative = path.normalize(file.path);
      if (path.isAbsolute(relative) || relative.startsWith('..'))
        throw new BackupError(`The manifest names a file outside the backup: ${file.path}`);
      const from = path.join(folder, DATA_FOLDER, relative);
      const to = path.join(staging, relative);
      await fs.mkdir(path.dirname(to), { recursive: true, mode: PRIVATE_DIR_MODE });
      await fs.copyFile(from, to).catch(() => {
        throw new BackupError(`${file.path} is missing from the backup`);
      });
      await fs.chmod(to, PRIVATE_FILE_MODE);
      const { size } = await fs.stat(to);
      if (size !== file.bytes || (await sha256Of(to)) !== file.sha256)
        throw new BackupError(`${file.path} does not match the manifest: the backup is damaged`);
    }
    if (manifest.database.kind === 'sqlite') {
      const integrity = integrityOf(path.join(staging, SQLITE_FILE));
      if (integrity !== 'ok') throw new BackupError(`The restored database failed its integrity check: ${integrity}`);
    }
    await fs.rmdir(dataDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await fs.rename(staging, dataDir);
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
  return manifest;
}
