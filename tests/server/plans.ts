/**
 * What SQLite does for the server's own reads: the exact SQL and parameters its stores build
 * (captured through Kysely's log, so this cannot drift from the server), each query's EXPLAIN
 * QUERY PLAN, and how long it takes run directly, without HTTP. The server tests check plans with
 * it (tests/server/posts), the feed benchmark prints them (tests/bench/feed.ts).
 */
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DatabaseHandle } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import type { PageRequest } from '../../server/core/paging';
import { createPostStore, type PostFilter } from '../../server/modules/posts/store';
import type { Viewer } from '../../server/core/visibility';
import { median } from '../bench/goals';

export interface QueryReport {
  sql: string;
  parameters: readonly unknown[];
  plan: string;
  /** Median of a few direct runs on a warm cache. */
  ms: number;
}

/** The plan as SQLite's shell prints it: one line per step, indented by depth. */
function planText(db: BetterSqlite3.Database, query: string, parameters: readonly unknown[]): string {
  const rows = db.prepare(`explain query plan ${query}`).all(...(parameters as unknown[])) as {
    id: number;
    parent: number;
    detail: string;
  }[];
  const depth = new Map<number, number>([[0, -1]]);
  return rows
    .map((row) => {
      const d = (depth.get(row.parent) ?? -1) + 1;
      depth.set(row.id, d);
      return `${'  '.repeat(d)}${row.detail}`;
    })
    .join('\n');
}

/**
 * The statements `run` has the server's own code issue on a read-only connection to `file`
 * (captured through Kysely's log), each with its plan and its time run directly.
 */
export async function explainRun(file: string, run: (handle: DatabaseHandle) => Promise<unknown>, runs = 3): Promise<QueryReport[]> {
  const sqlite = new BetterSqlite3(file, { readonly: true });
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const handle: DatabaseHandle = { db, dialect: 'sqlite', destroy: () => db.destroy() };
  try {
    await run(handle);
    return captured.map(({ sql, parameters }) => {
      const statement = sqlite.prepare(sql);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        statement.all(...(parameters as unknown[]));
        times.push(performance.now() - t0);
      }
      return { sql, parameters, plan: planText(sqlite, sql, parameters), ms: median(times) };
    });
  } finally {
    await db.destroy();
  }
}

/** The queries `GET /post/all/...` runs for this viewer and request, with plans and direct timings. */
export const explainFeed = (file: string, viewer: Viewer, filter: PostFilter, request: PageRequest, runs = 3): Promise<QueryReport[]> =>
  explainRun(file, (handle) => createPostStore(handle).page(viewer, filter, request), runs);
