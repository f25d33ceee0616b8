/**
 * `npm run backup -- <folder>`: a consistent copy of DATA_DIR while the server runs (the SQLite
 * database through SQLite's online backup, then media, the generated JWT secret and the mail
 * outbox), with a manifest. Reads DATA_DIR and DATABASE_URL as the server does. With
 * DATABASE_URL, the database is PostgreSQL's to back up (pg_dump, docs/deploy.md "Backups"):
 * only the files are copied. Restore with `npm run restore -- <folder>`.
 */
import path from 'node:path';
import { BackupError, backupDataDir } from '../server/backup/dataDir';

const folder = process.argv[2];
if (!folder || process.argv.length > 3) {
  console.error('Usage: npm run backup -- <folder>   (a new or empty folder; DATA_DIR names what to back up, ./data by default)');
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const database = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
try {
  const { manifest } = await backupDataDir({ dataDir, folder, database });
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(`Backed up ${dataDir} into ${path.resolve(folder)}: ${manifest.files.length} files, ${bytes} bytes.`);
  if (database === 'postgres') {
    console.log('The database is PostgreSQL: back it up with pg_dump (docs/deploy.md, "Backups"); this folder holds the files only.');
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
