import BetterSqlite3 from 'better-sqlite3';
import type { SqliteConfig } from '../../server/config';
import { useServerPragmas } from '../../server/db/database';
import { newId } from '../../server/db/ids';

/** The server's SQLite file and its commit setting (config.database), which a floor opens as the server does. */
export type ServerFile = Pick<SqliteConfig, 'file' | 'synchronous'>;

/** Nearest-rank p50 and p99 of a set of samples (NaN when there are none). */
export function percentiles(samples: number[]): { count: number; p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99) };
}

/**
 * An empty copy of the posts table (its columns and indexes) in the server's database file, on a
 * connection with the server's pragmas (useServerPragmas, with the server's SQLITE_SYNCHRONOUS from
 * its config): `insert()` writes one post row (a copy of `modelId`'s, else of the newest post, with
 * a new id and time) in a transaction of its own, so it pays what a post's commit pays (with the
 * default, NORMAL, a write to the WAL; with FULL, an fsync too). `close()` drops the copy.
 */
export function openPostsCopy(database: ServerFile, modelId?: string) {
  const db = new BetterSqlite3(database.file);
  try {
    useServerPragmas(db, database.synchronous);
    const rows = db.prepare("select type, sql from sqlite_master where tbl_name = 'posts' and sql is not null").all() as {
      type: string;
      sql: string;
    }[];
    db.exec('drop table if exists posts_floor');
    db.exec(rows.find((row) => row.type === 'table')!.sql.replace(/create table\s+"?posts"?/i, 'create table posts_floor'));
    for (const index of rows.filter((row) => row.type === 'index'))
      db.exec(index.sql.replace(/index\s+"?(\w+)"?\s+on\s+"?posts"?/i, 'index $1_floor on posts_floor'));
    const model = (
      modelId
        ? db.prepare('select * from posts where id = ?').get(modelId)
        : db.prepare(`select * from posts where kind = 'post' order by created_at desc limit 1`).get()
    ) as Record<string, unknown>;
    const columns = Object.keys(model);
    const statement = db.prepare(`insert into posts_floor (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
    return {
      insert(): Record<string, unknown> {
        const row: Record<string, unknown> = { ...model, id: newId(), created_at: new Date().toISOString() };
        statement.run(columns.map((column) => row[column]));
        return row;
      },
      close(): void {
        db.exec('drop table if exists posts_floor');
        db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * The floor of a write: one post row inserted into an empty copy of the posts table
 * (openPostsCopy), one transaction each. The first `warmup` inserts are not counted.
 */
export function measureInsertFloor(database: ServerFile, inserts: number, options: { modelId?: string; warmup?: number } = {}) {
  const copy = openPostsCopy(database, options.modelId);
  try {
    const warmup = options.warmup ?? 10;
    const samples: number[] = [];
    for (let i = 0; i < inserts + warmup; i++) {
      const t0 = performance.now();
      copy.insert();
      if (i >= warmup) samples.push(performance.now() - t0);
    }
    return percentiles(samples);
  } finally {
    copy.close();
  }
}
