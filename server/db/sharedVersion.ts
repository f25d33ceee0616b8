import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A number a cache keeps its answers under, moved by the writes that may outdate them, and where
 * it lives decides which processes see it move:
 * - `alone` (SQLite without REDIS_URL: one server process per database file): in this process.
 * - Shared through Redis (either database): every process reads and moves the same key; the writer
 *   awaits the INCR, so its answer is sent only once every process would see it.
 * - Not alone and no Redis (PostgreSQL without REDIS_URL): nowhere. Other processes could write
 *   unseen, so `current()` answers null: keep nothing and forget what is kept.
 */
export type Version = number | string;

export interface VersionSource {
  /** The version now, read before the database is; null: keep nothing and forget what is kept. */
  current(): Version | null | Promise<Version | null>;
  bump(): void | Promise<void>;
}

export interface SharedVersion extends VersionSource {
  /** From now on the version lives in Redis, shared with every process on the same database; returns the undo. */
  shareThrough(redis: Redis): () => void;
}

/** `redisKey`: where the version lives once shared (one key per database and per cache). */
export function createSharedVersion(options: { alone: boolean; redisKey: string }): SharedVersion {
  const local = options.alone ? memoryVersion() : unkept;
  let where: VersionSource = local;
  return {
    current: () => where.current(),
    bump: () => where.bump(),
    shareThrough(redis) {
      const shared = redisVersion(redis, options.redisKey);
      where = shared;
      return () => {
        if (where === shared) where = local;
      };
    },
  };
}

function memoryVersion(): VersionSource {
  let version = 0;
  return { current: () => version, bump: () => void version++ };
}

const unkept: VersionSource = { current: () => null, bump: () => undefined };

/**
 * A missing key (a fresh Redis, or one that lost its data) starts at a random number rather than
 * at 0, so the version can never come back to a value some process still keeps answers under.
 */
const startingPoint = () => String(randomInt(2 ** 47));

function redisVersion(redis: Redis, key: string): VersionSource {
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
      // A failure propagates: the write must not be answered as done while other processes may still serve the old answer.
      const results = await redis.multi().set(key, startingPoint(), 'NX').incr(key).exec();
      const failed = results?.find(([error]) => error);
      if (!results || failed) throw failed?.[0] ?? new Error('the version was not moved');
    },
  };
}
