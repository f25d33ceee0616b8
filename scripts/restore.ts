/**
 * `npm run restore -- <folder>`: brings a backup made by `npm run backup` back into DATA_DIR
 * (./data by default), which must be empty or missing. Every file is checked against the
 * manifest and the database's integrity before DATA_DIR is put in place. Start the server after.
 */
import path from 'node:path';
import { BackupError, restoreDataDir } from '../server/backup/dataDir';

const folder = process.argv[2];
if (!folder || process.argv.length > 3) {
  console.error('Usage: npm run restore -- <folder>   (DATA_DIR, ./data by default, must be empty or missing)');
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR || './data');
try {
  const manifest = await restoreDataDir({ folder, dataDir });
  console.log(`Restored the backup of ${manifest.createdAt} into ${dataDir}: ${manifest.files.length} files.`);
  if (manifest.database.kind === 'postgres') {
    console.log('The database was PostgreSQL: restore it with pg_restore (docs/deploy.md, "Backups").');
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
