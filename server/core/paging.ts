import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { PAGE_SIZE, type Cursor, type pageQuerySchema } from '../../src/api/pages';

/** What a list request asks for: the spec's page number, or a keyset cursor either way. */
export interface PageRequest {
  page: number;
  /** Older than this, newest first. */
  cursor?: Cursor;
  /** Newer than this, oldest first (catching up). */
  since?: Cursor;
  size?: number;
}

export interface PageKeys {
  /** The columns the list is ordered by, e.g. posts.created_at and posts.id (an index covers them). */
  createdAt: string;
  id: string;
}

/**
 * Orders and limits a list query. Keyset requests compare the (createdAt, id) pair as a row value,
 * which both SQLite and PostgreSQL walk by index; only the spec's page numbers use OFFSET.
 * One row more than the page is read, to know whether there is a next one.
 */
export function orderPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  keys: PageKeys,
  request: PageRequest,
  /** For a query template (db/queryTemplate.ts): the offset as a value of its own, not computed from the page. */
  offset: unknown = pageOffset(request),
): SelectQueryBuilder<DB, TB, O> {
  const size = request.size ?? PAGE_SIZE;
  const pair = sql`(${sql.ref(keys.createdAt)}, ${sql.ref(keys.id)})`;
  if (request.since) {
    return query
      .where(sql<SqlBool>`${pair} > (${request.since.createdAt}, ${request.since.id})`)
      .orderBy(sql.ref(keys.createdAt), 'asc')
      .orderBy(sql.ref(keys.id), 'asc')
      .limit(size + 1);
  }
  const ordered = query
    .orderBy(sql.ref(keys.createdAt), 'desc')
    .orderBy(sql.ref(keys.id), 'desc')
    .limit(size + 1);
  if (request.cursor) return ordered.where(sql<SqlBool>`${pair} < (${request.cursor.createdAt}, ${request.cursor.id})`);
  return ordered.offset(offset as number);
}

/** Rows before the spec's page number `request.page`. */
export const pageOffset = (request: PageRequest) => (request.page - 1) * (request.size ?? PAGE_SIZE);

/** Which of the three orders a request asks for (it decides the SQL; the values do not). */
export type PageMode = 'since' | 'cursor' | 'page';
export const pageMode = (request: PageRequest): PageMode => (request.since ? 'since' : request.cursor ? 'cursor' : 'page');

/** Cuts the extra row off and names the cursor that continues in the same direction. */
export function finishPage<T>(rows: T[], request: PageRequest, cursorOf: (row: T) => string): { items: T[]; nextCursor: string | null } {
  const size = request.size ?? PAGE_SIZE;
  const items = rows.slice(0, size);
  const more = rows.length > size;
  return { items, nextCursor: more && items.length > 0 ? cursorOf(items[items.length - 1]) : null };
}

export const isKeyset = (request: PageRequest) => Boolean(request.cursor || request.since);

/** A page request as the routes' page number and query give it. */
export const pageRequest = (page: number, query: z.output<typeof pageQuerySchema>): PageRequest => ({
  page,
  ...(query.cursor ? { cursor: query.cursor } : {}),
  ...(query.since ? { since: query.since } : {}),
});
