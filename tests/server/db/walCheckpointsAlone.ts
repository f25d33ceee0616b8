/**
 * A process whose only work is a database with its checkpoint worker running: it stops the worker,
 * closes, and prints what it found (tests/server/db/walCheckpoints.test.ts runs it as a child).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { checkpointInBackground } from '../../../server/db/walCheckpoints';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stoa-wal-alone-'));
const file = path.join(dir, 'alone.db');
const database = new BetterSqlite3(file);
database.pragma('journal_mode = WAL');
database.exec('create table notes (body text not null)');
const checkpoints = checkpointInBackground(database, file, 'NORMAL', { startBytes: 1024, pollMs: 10, everyMs: 10 });
const insert = database.prepare('insert into notes (body) values (?)');
for (let i = 0; i < 50; i++) insert.run('x'.repeat(3000));
while (!checkpoints.running) await new Promise((resolve) => setTimeout(resolve, 10));
// Nothing else keeps this process alive now: stopping must still run to its end.
await checkpoints.stop();
database.close();
console.log(`stopped; WAL left: ${fs.existsSync(`${file}-wal`)}`);
fs.rmSync(dir, { recursive: true, force: true });
