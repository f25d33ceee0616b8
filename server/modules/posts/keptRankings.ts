import type { Scored, Taste } from './forYou';
import type { ForYouSnapshot } from './snapshots';

/**
 * A member's last "For you" ranking, kept in this process so that page 1 can put what is new in
 * front of it instead of reading every candidate again (docs/server.md, "For you").
 */
export interface KeptRanking {
  /** The viewer's standing when it was ranked (interests, behaviour, follows, blocks): see forYou.ts. */
  standing: string;
  /** When the candidates were read in full; the window runs from here. */
  rankedAt: number;
  taste: Taste;
  /** Every candidate ranked, as read (engagement as it was then), with the points that do not age. */
  candidates: Scored[];
  /** Ids ever merged into it, so an overlapping `since` read adds each post once. */
  known: Set<string>;
  /** The newest candidate's time: the next `since` read starts (a little before) here. */
  newestAt: string;
  snapshotId: string;
  snapshot: ForYouSnapshot;
}

/** At most `limit` members, the least recently used out first (about 200 KB each with 600 candidates). */
export function createKeptRankings(limit: number) {
  const kept = new Map<string, KeptRanking>();
  return {
    get(viewerId: string): KeptRanking | undefined {
      const hit = kept.get(viewerId);
      if (hit) {
        kept.delete(viewerId);
        kept.set(viewerId, hit);
      }
      return hit;
    },
    set(viewerId: string, ranking: KeptRanking): void {
      kept.delete(viewerId);
      kept.set(viewerId, ranking);
      if (kept.size > limit) kept.delete(kept.keys().next().value!);
    },
  };
}
