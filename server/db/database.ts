import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import type { Config, SqliteSynchronous } from '../config';
import type { Database } from './schema';
import { withStatementCache } from './statementCache';
import { authVersionWatch, createAuthVersion, type SharedAuthVersion } from './authVersion';
import { createStreamVersion, streamVersionWatch } from './streamVersion';
import type { SharedVersion } from './sharedVersion';
import { createVisibilityEpoch, visibilityWatches, type VisibilityEpoch } from './visibilityEpoch';
import { watchWrites, type StatementObserver } from './writeWatch';
import { checkpointInBackground } from './walCheckpoints';
import { lazyModule } from '../lazyModule';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles';

const loadPg = lazyModule<typeof import('pg')>('pg');

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the tables live in (where the migrator keeps its own tables too). */
  schema?: string;
  /** Moves on every write that may change what some member may see (db/visibilityEpoch.ts). */
  epoch?: VisibilityEpoch;
  /** Moves on every write that may change a signed-in request's answer (db/authVersion.ts). */
  authVersion?: SharedAuthVersion;
  /** Moves on every write that may change a post "For you" keeps per process (db/streamVersion.ts). */
  streamVersion?: SharedVersion;
  /** Tells `listener` of every query once it ends (the metrics); answers how to stop. */
  observeQueries?(listener: QueryListener): () => void;
  /** PostgreSQL's pool figures; null on SQLite (one connection). */
  poolStats?(): { total: number; idle: number; waiting: number } | null;
  destroy(): Promise<void>;
}

/** A query that ended: its operation node's kind ("SelectQueryNode"), its time, and whether it failed. */
export type QueryListener = (query: { nodeKind: string; ms: number; failed: boolean }) => void;

/** Hands each statement to whoever listens (nobody, unless METRICS_TOKEN is set; writeWatch.ts's StatementObserver). */
function queryObservers() {
  const listeners = new Set<QueryListener>();
  return {
    observer: {
      listening: () => listeners.size > 0,
      ended(compiled: CompiledQuery, ms: number, failed: boolean) {
        const query = { nodeKind: compiled.query.kind, ms, failed };
        for (const listener of listeners) listener(query);
      },
    } satisfies StatementObserver,
    observeQueries(listener: QueryListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export interface OpenOptions {
  /** SQLite: checkpoints run by a worker thread, not by the commits on the event loop (walCheckpoints.ts). The server's own connection. */
  backgroundCheckpoints?: boolean;
}

/** Opens the configured database: embedded SQLite by default, PostgreSQL with DATABASE_URL. */
export async function openDatabase(config: Config['database'], options: OpenOptions = {}): Promise<DatabaseHandle> {
  return config.kind === 'sqlite' ? openSqlite(config.file, config.synchronous, options) : openPostgres(config.url, config.schema);
}

/**
 * The settings every SQLite connection of the server runs with; the benchmarks' floors open their
 * files with them too (tests/bench/insertFloor.ts, chatRelay.ts), so a floor pays what a commit pays.
 */
export function useServerPragmas(database: BetterSqlite3.Database, synchronous: SqliteSynchronous): void {
  // WAL lets readers work while one writer commits. `synchronous` (SQLITE_SYNCHRONOUS, config.ts):
  // NORMAL, the default, writes each commit to the WAL without an fsync: a commit survives the
  // process dying (tests/server/db/crashDurability.test.ts) and the file is never corrupted, but an OS
  // crash or power cut may roll back the last commits. FULL fsyncs every commit, 5-8 ms of a
  // blocked event loop each on this project's disks (better-sqlite3 is synchronous), which reads
  // then queue behind (docs/benchmarks/mixed.md). Durability through power loss: PostgreSQL, or FULL.
  // busy_timeout makes a second process wait for the lock instead of failing at once.
  database.pragma('journal_mode = WAL');
  database.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // A 64 MiB page cache (SQLite's default is 2 MiB), filled only as pages are read: the rows and
  // indexes every request probes (the connected members' users, follows and blocks rows for socket
  // audiences, the feed's index) stay in memory instead of being read from the file again. A new
  // post's audience among 1,000 connected members took 6.9-8.8 ms on a 5M-post database with the
  // default and 3.6 ms with this (16 MiB: 6.6 ms); the cost no longer grows with the file.
  database.pragma('cache_size = -65536');
}

function openSqlite(file: string, synchronous: SqliteSynchronous, options: OpenOptions): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  // SQLite would create the file 0644; made here first with 0600, and SQLite gives its -wal and
  // -shm files the database file's mode (privateFiles.ts). An existing file is left as it is.
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  const database = new BetterSqlite3(file);
  useServerPragmas(database, synchronous);
  const checkpoints = options.backgroundCheckpoints
    ? checkpointInBackground(database, file, synchronous === 'full' ? 'FULL' : 'NORMAL', {
        onFailure: (error) => process.emitWarning(`SQLite's checkpoint worker failed, commits checkpoint again: ${error.message}`),
      })
    : undefined;
  // Kysely's driver prepares every statement it runs: prepared statements are kept (statementCache.ts).
  const epoch = createVisibilityEpoch();
  const key = `sqlite:${path.resolve(file)}`;
  const authVersion = createAuthVersion({ alone: true, key });
  const streamVersion = createStreamVersion({ alone: true, key });
  const observers = queryObservers();
  const dialect = watchWrites(
    new SqliteDialect({ database: withStatementCache(database) }),
    [...visibilityWatches(epoch), authVersionWatch(authVersion), streamVersionWatch(streamVersion)],
    observers.observer,
  );
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    dialect: 'sqlite',
    epoch,
    authVersion,
    streamVersion,
    observeQueries: observers.observeQueries,
    poolStats: () => null,
    // The worker's connection first: the last one to close checkpoints what is left and removes the WAL.
    destroy: async () => {
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

async function openPostgres(url: string, schema?: string): Promise<DatabaseHandle> {
  const pool = new (loadPg().Pool)({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const epoch = createVisibilityEpoch();
  // Other processes may write to the same database: a version only they could move is no version.
  const key = `postgres:${schema ?? 'default'}`;
  const authVersion = createAuthVersion({ alone: false, key });
  const streamVersion = createStreamVersion({ alone: false, key });
  const observers = queryObservers();
  const db = new Kysely<Database>({
    dialect: watchWrites(
      new PostgresDialect({ pool }),
      [...visibilityWatches(epoch), authVersionWatch(authVersion), streamVersionWatch(streamVersion)],
      observers.observer,
    ),
  });
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  try {
    if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    // The migrator must be told the schema: without it, it would find its tables in any schema.
    const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const active = current.rows[0]?.schema;
    if (!active) throw new Error('PostgreSQL has no current schema; set DATABASE_SCHEMA');
    return {
      db,
      dialect: 'postgres',
      schema: active,
      epoch,
      authVersion,
      streamVersion,
      observeQueries: observers.observeQueries,
      poolStats,
      destroy: () => db.destroy(),
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
