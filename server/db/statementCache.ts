import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct SQL texts keep their prepared statement (the server builds a few hundred). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The better-sqlite3 database as Kysely's SqliteDriver sees it, with `prepare` answering from a
 * bounded cache: the driver prepares every query it runs, and preparing (parsing and planning) the
 * feed's SQL costs about as much as running it. A statement keeps its `reader` flag (rows or run),
 * SQLite re-prepares it by itself after a schema change, and Kysely's driver runs one query at a
 * time on its single connection, so a cached statement is never in use twice at once.
 * Least recently used texts leave first.
 */
export function withStatementCache(database: BetterSqlite3.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql); // re-inserted below: the Map's order is the recency order
      } else {
        statement = database.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement as unknown as SqliteStatement;
    },
  };
}
