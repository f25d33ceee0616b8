import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { CompiledQuery } from 'kysely';
import { RAW_WRITE, tablesOf, type Node, type WriteWatch } from './writeWatch';

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
 */
export type Version = number | string;

export interface AuthVersion {
  /** The version now, read before the database is; null: keep nothing and forget what is kept. */
  current(): Version | null | Promise<Version | null>;
  bump(): void | Promise<void>;
}

export interface SharedAuthVersion extends AuthVersion {
  /** From now on the version lives in Redis, shared with every process on the same database; returns the undo. */
  shareThrough(redis: Redis): () => void;
}

/** `alone`: this process is the only writer there can be (SQLite), so a number in memory is enough. */
export function createAuthVersion(options: { alone: boolean; key: string }): SharedAuthVersion {
  const local = options.alone ? memoryVersion() : unkept;
  let where: AuthVersion = local;
  return {
    current: () => where.current(),
    bump: () => where.bump(),
    shareThrough(redis) {
      const shared = redisVersion(redis, `stoa-auth-version:${options.key}`);
      where = shared;
      return () => {
        if (where === shared) where = local;
      };
    },
  };
}

function memoryVersion(): AuthVersion {
  let version = 0;
  return { current: () => version, bump: () => void version++ };
}

const unkept: AuthVersion = { current: () => null, bump: () => undefined };

/**
 * A missing key (a fresh Redis, or one that lost its data) starts at a random number rather than
 * at 0, so the version can never come back to a value some process still keeps answers under.
 */
const startingPoint = () => String(randomInt(2 ** 47));

function redisVersion(redis: Redis, key: string): AuthVersion {
  return {
    async current() {
      try {
        const version = await redis.get(key);
        if (version !== null) return version;
        const [, read] = (await redis.multi().set(key, startingPoint(), 'NX').get(key).exec()) ?? [];
        return (read?.[1] as string | null | undefined) ?? null;
      } catch {
        // Redis out of reach: a write may be moving the version unseen, so nothing kept is trusted.
        return null;
      }
    },
    async bump() {
      // A failure propagates: the write must not be answered as done while other processes may still serve the old row.
      const results = await redis.multi().set(key, startingPoint(), 'NX').incr(key).exec();
      const failed = results?.find(([error]) => error);
      if (!results || failed) throw failed?.[0] ?? new Error('the auth version was not moved');
    },
  };
}

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
