import type { Redis } from 'ioredis';
import type { FeedReason } from '../../../src/api/posts/reasons';

/** A ranked "For you" list as it stood when page 1 was read: later pages walk it, never re-rank. */
export interface ForYouSnapshot {
  viewerId: string;
  /** Post ids, best first. */
  ids: string[];
  /** The reasons of each, in the order of `ids` (an array: building an object keyed by 600 ids cost more than ranking them). */
  reasons: FeedReason[][];
  /** Where the chronological tail starts once the ranked list is read (`createdAt_id`), or null: nothing older. */
  tail: string | null;
}

export interface SnapshotStore {
  get(id: string): Promise<ForYouSnapshot | undefined>;
  set(id: string, snapshot: ForYouSnapshot): Promise<void>;
}

/** How long a snapshot serves its pages after page 1 (then the next page ranks anew). */
export const SNAPSHOT_TTL_MS = 30 * 60 * 1000;
export const SNAPSHOTS_KEPT = 2000;

/**
 * One process: a bounded map, oldest out first. With REDIS_URL the snapshots live in Redis (with
 * an expiry) so that page 2 may be served by another process than page 1; the local map then
 * only saves the round trip for the process that made it.
 */
export function createSnapshotStore(options: { redis?: Redis; now?: () => number } = {}): SnapshotStore {
  const now = options.now ?? Date.now;
  const local = new Map<string, { snapshot: ForYouSnapshot; at: number }>();
  const key = (id: string) => `stoa-foryou-${id}`;
  return {
    async get(id) {
      const hit = local.get(id);
      if (hit && now() - hit.at < SNAPSHOT_TTL_MS) return hit.snapshot;
      local.delete(id);
      if (!options.redis) return undefined;
      const text = await options.redis.get(key(id)).catch(() => null);
      const stored = text ? (JSON.parse(text) as ForYouSnapshot) : undefined;
      // A snapshot stored by an older version (reasons keyed by id) counts as expired.
      return stored && Array.isArray(stored.reasons) ? stored : undefined;
    },
    async set(id, snapshot) {
      local.set(id, { snapshot, at: now() });
      if (local.size > SNAPSHOTS_KEPT) local.delete(local.keys().next().value!);
      // Redis down: this process still serves its own snapshots; another one ranks anew.
      await options.redis?.set(key(id), JSON.stringify(snapshot), 'PX', SNAPSHOT_TTL_MS).catch(() => undefined);
    },
  };
}
