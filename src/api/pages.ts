import { z } from 'zod';
import { cursorOf, PAGE_SIZE, TOTAL_COUNT_MAX } from './constants';

/**
 * Paging, shared by every list of posts, questions, saved posts and media.
 * `/{page}` numbers are the spec's (OFFSET, with a total); `?cursor=` and `?since=` walk the
 * (createdAt, id) index instead and stay exact while new items arrive.
 */
export { PAGE_SIZE, TOTAL_COUNT_MAX };

/** The spec's page numbers start at 1. */
export const pageNumberSchema = z.coerce
  .number({ error: 'Page must be a whole number from 1' })
  .int('Page must be a whole number from 1')
  .min(1, 'Page must be a whole number from 1')
  .max(100_000, 'Page must be at most 100000');

const ISO = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z`;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CURSOR = new RegExp(`^(${ISO})(?:_(${UUID}))?$`, 'i');

export interface Cursor {
  createdAt: string;
  /** Empty when the client only knows a time: every item at that time then counts as newer. */
  id: string;
}

/** `<createdAt>_<id>` of an item (or a bare `<createdAt>` ISO time). */
export const cursorSchema = z
  .string()
  .regex(CURSOR, 'Cursor must look like 2025-01-31T12:00:00.000Z_<id>')
  .transform((value): Cursor => {
    const match = CURSOR.exec(value)!;
    return { createdAt: match[1], id: (match[2] ?? '').toLowerCase() };
  });

export { cursorOf };

/**
 * `cursor`: items older than it, newest first (scrolling down).
 * `since`: items newer than it, oldest first (catching up after a reconnect).
 * With neither, the page number decides. Each answer's `nextCursor` continues in the same direction.
 */
export const pageQuerySchema = z
  .object({ cursor: cursorSchema.optional(), since: cursorSchema.optional() })
  .refine((query) => !(query.cursor && query.since), { message: 'Send either cursor or since, not both', path: ['since'] });
export type PageQuery = z.input<typeof pageQuerySchema>;

export const nextCursorSchema = z.string().nullable();

/**
 * A list's total as the API answers it: exact up to TOTAL_COUNT_MAX, then that number with
 * `totalAtLeast: true`. `count` may go one past the maximum (server/db/boundedCount.ts).
 */
export function totalFields<K extends string>(key: K, count: number): Record<K, number> & { totalAtLeast?: true };
export function totalFields<K extends string>(key: K, count: number | undefined): Partial<Record<K, number>> & { totalAtLeast?: true };
export function totalFields<K extends string>(key: K, count: number | undefined): Partial<Record<K, number>> & { totalAtLeast?: true } {
  if (count === undefined) return {};
  const fields = { [key]: Math.min(count, TOTAL_COUNT_MAX) } as Record<K, number>;
  return count > TOTAL_COUNT_MAX ? { ...fields, totalAtLeast: true as const } : fields;
}
