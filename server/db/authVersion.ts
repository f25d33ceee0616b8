import type { CompiledQuery } from 'kysely';
import { createSharedVersion, type SharedVersion, type VersionSource } from './sharedVersion';
import { RAW_WRITE, tablesOf, type Node, type WriteWatch } from './writeWatch';

export type { Version } from './sharedVersion';
export type AuthVersion = VersionSource;
export type SharedAuthVersion = SharedVersion;

/**
 * A version of what a signed-in request is checked against: the `users` and `sessions` tables.
 * The token verifier (modules/auth/verifier.ts) keeps each session's answer under the version it
 * read before asking the database, and serves it only while the version is the same, so a
 * sign-out, a ban, a role change, a password change or any other change of a member's row bites
 * on the next request.
 *
 * Where it lives decides who sees it move:
 * - SQLite without REDIS_URL: in this process (one server process per database file).
 * - With REDIS_URL (either database): in Redis, so a write in any process moves it for all of
 *   them; the writer awaits the INCR, so its answer is sent only once every process would see it.
 * - PostgreSQL without REDIS_URL: nowhere. Several processes may share the database and none
 *   would see another's writes, so nothing is kept (every request reads the database).
 * `alone`: this process is the only writer there can be (SQLite), so a number in memory is enough.
 */
export const createAuthVersion = (options: { alone: boolean; key: string }): SharedAuthVersion =>
  createSharedVersion({ alone: options.alone, redisKey: `stoa-auth-version:${options.key}` });

const TABLES = new Set(['users', 'sessions']);
const RAW_TABLES = /\b(users|sessions)\b/i;
const writes = (target: unknown) => [...tablesOf(target)].some((table) => TABLES.has(table));

/**
 * May this statement change a `users` or `sessions` row that exists? (When unsure: yes.)
 * A plain insert cannot: it only adds rows, and only answers about existing rows are kept, so
 * sign-ups and sign-ins leave every kept session alone.
 */
export function touchesSessions(compiled: CompiledQuery): boolean {
  const node = compiled.query as Node;
  switch (node.kind) {
    case 'SelectQueryNode':
      return node.with ? RAW_TABLES.test(compiled.sql) && /\b(insert|update|delete)\b/i.test(compiled.sql) : false;
    case 'InsertQueryNode': {
      if (node.with) return RAW_TABLES.test(compiled.sql);
      if (!writes(node.into)) return false;
      const onConflict = node.onConflict as { updates?: unknown[] } | undefined;
      const orAction = node.orAction as { action?: string } | undefined;
      return Boolean(node.replace || node.onDuplicateKey || onConflict?.updates || orAction?.action === 'replace');
    }
    case 'UpdateQueryNode':
      return node.with ? RAW_TABLES.test(compiled.sql) : writes(node.table);
    case 'DeleteQueryNode':
      return node.with ? RAW_TABLES.test(compiled.sql) : writes(node.from);
    default:
      // Raw SQL (and anything else): by its text.
      return RAW_WRITE.test(compiled.sql) && RAW_TABLES.test(compiled.sql);
  }
}

/** What openDatabase hands the write watcher (db/writeWatch.ts) for this version. */
export const authVersionWatch = (version: AuthVersion): WriteWatch => ({ touches: touchesSessions, bump: () => version.bump() });
