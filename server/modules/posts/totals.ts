import { TOTAL_COUNT_MAX } from '../../../src/api/constants';
import type { VisibilityEpoch } from '../../db/visibilityEpoch';

/** Entries kept (one per viewer and list filter) and how long one may serve. */
export const TOTALS_CACHE_SIZE = 5000;
export const TOTALS_TTL_MS = 30_000;

interface Entry {
  total: number;
  epoch: number;
  narrowing: number;
  at: number;
}

/**
 * The totals of paged lists (`totalPosts` / `totalQuestions`), per viewer and filter, so that
 * page N of a list is its page query plus a cache hit instead of a count over every visible post.
 *
 * An entry serves only while the visibility epoch it was counted at is still current (any post
 * created, deleted, hidden, re-scoped, any follow, block or group change moves it: see
 * db/visibilityEpoch.ts) and for at most TOTALS_TTL_MS (bounding what another server process
 * writes). A total past its bound (TOTAL_COUNT_MAX: "more than that") also outlives the writes that
 * can only add posts to what someone sees (a new post, a new follow: the epoch's `narrowing` stands
 * still), since no number of them brings it back under the bound: in a busy community most readers'
 * totals are past it, and each post used to have every reader count again.
 *
 * The key is the viewer's id (admins share one key: they see everything), so a total is only ever
 * the count of what that very viewer was allowed to see. Bounded LRU: the least recently used key
 * leaves first. Without an epoch (a DatabaseHandle built by hand) nothing is cached.
 */
export function createTotalsCache(
  epoch: VisibilityEpoch | undefined,
  options: { size?: number; ttlMs?: number; now?: () => number; max?: number } = {},
) {
  const size = options.size ?? TOTALS_CACHE_SIZE;
  const max = options.max ?? TOTAL_COUNT_MAX;
  const ttl = options.ttlMs ?? TOTALS_TTL_MS;
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, Entry>();

  return {
    async total(key: string, count: () => Promise<number>): Promise<number> {
      if (!epoch) return count();
      const hit = entries.get(key);
      const at = now();
      if (hit) {
        entries.delete(key);
        const current = hit.epoch === epoch.current() || (hit.total > max && hit.narrowing === epoch.narrowing());
        if (current && at - hit.at < ttl) {
          entries.set(key, hit);
          return hit.total;
        }
      }
      // Before counting: a write during the count outdates it.
      const startedAt = { epoch: epoch.current(), narrowing: epoch.narrowing() };
      const total = await count();
      if (entries.size >= size) entries.delete(entries.keys().next().value!);
      entries.set(key, { total, ...startedAt, at });
      return total;
    },
    get size() {
      return entries.size;
    },
  };
}

export type TotalsCache = ReturnType<typeof createTotalsCache>;
