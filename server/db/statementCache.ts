import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct SQL texts keep their prepared statement (the server builds a few hundred). */
export const STATEMENT_CACHE_SIZE = 500;

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * The better-sqlite3 database as Kysely's SqliteDriver sees it, with `prepare` answering from a
 * bounded cache: the driver prepares every query it runs, and preparing (parsing and planning) the
 * feed's SQL costs about as much as running it. A statement keeps its `reader` flag (rows or run),
 * SQLite re-prepares it by itself after a schema change, and Kysely's driver runs one query at a
 * time on its single connection, so a cached statement is never in use twice at once.
 * Least recently used texts leave first.
 *
 * Reading statements hand back rows built here from SQLite's raw arrays (rowBuilder): better-sqlite3
 * sets each column of each row object through a native call, which for a page of posts (36 columns
 * by 11 rows) cost more than the rest of the query.
 */
export function withStatementCache(database: BetterSqlite3.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  /** Moves on every schema change made through this connection: row shapes are worked out again. */
  let schemaGeneration = 0;
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      if (SCHEMA_CHANGE.test(sql)) schemaGeneration += 1;
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql); // re-inserted below: the Map's order is the recency order
      } else {
        const prepared = database.prepare(sql);
        statement = prepared.reader ? rowsStatement(prepared, () => schemaGeneration) : (prepared as unknown as SqliteStatement);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/** A reading statement whose rows are built from raw arrays, as better-sqlite3 would build them. */
function rowsStatement(statement: BetterSqlite3.Statement, generation: () => number): SqliteStatement {
  const raw = statement.raw(true);
  let shape: { generation: number; build: RowBuilder } | undefined;
  const builder = (width: number) => {
    if (!shape || shape.generation !== generation() || shape.build.width !== width) {
      shape = { generation: generation(), build: rowBuilder(raw.columns().map((column) => column.name)) };
    }
    return shape.build;
  };
  return {
    reader: true,
    all(parameters) {
      const rows = raw.all(parameters) as unknown[][];
      if (rows.length === 0) return rows;
      return rows.map(builder(rows[0].length));
    },
    *iterate(parameters) {
      for (const row of raw.iterate(parameters) as IterableIterator<unknown[]>) yield builder(row.length)(row);
    },
    run: (parameters) => raw.run(parameters),
  };
}

type RowBuilder = ((row: unknown[]) => Record<string, unknown>) & { width: number };

/**
 * Turns a raw row into the object better-sqlite3 makes: one property per column in order, a later
 * column of the same name winning. Compiled to one object literal per column list (fast, stable
 * shape); a column named __proto__ is assigned like better-sqlite3 assigns it, so then a plain loop.
 */
export function rowBuilder(names: string[]): RowBuilder {
  let build: (row: unknown[]) => Record<string, unknown>;
  if (names.includes('__proto__')) {
    build = (row) => {
      const object: Record<string, unknown> = {};
      names.forEach((name, i) => (object[name] = row[i])); // as better-sqlite3 does: assignment
      return object;
    };
  } else {
    // The column names are quoted by JSON.stringify, so the source holds no text of a member's.
    build = new Function('row', `return {${names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ')}};`) as typeof build;
  }
  return Object.assign(build, { width: names.length });
}
