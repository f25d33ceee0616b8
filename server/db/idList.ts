import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './database';

/**
 * `column` is one of `ids`, the whole list bound as ONE parameter (a JSON array read by json_each on
 * SQLite, a text[] on PostgreSQL). So no bound-parameter limit to chunk around, and one SQL text
 * whatever the list's length: the prepared statement is reused (statementCache.ts) instead of one
 * statement per length pushing the feed's statements out of the cache.
 */
export function isOneOf(dialect: Dialect, column: string, ids: readonly string[]): RawBuilder<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = any(${sql.val([...ids])}::text[])`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}
