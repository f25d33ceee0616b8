import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { FOR_YOU_OFF } from '../../../src/api/forYou';
import { cursorSchema, PAGE_SIZE } from '../../../src/api/pages';
import type { Post } from '../../../src/api/posts';
import type { FeedReason } from '../../../src/api/reasons';
import { splitTopics, type Topic } from '../../../src/api/topics';
import type { Clock } from '../../clock';
import type { DatabaseHandle } from '../../db/database';
import type { Database } from '../../db/schema';
import { forbidden } from '../../http/httpError';
import { presentPost } from './present';
import { SNAPSHOTS_KEPT, type ForYouSnapshot, type SnapshotStore } from './snapshots';
import { postCursor, type PostStore, type PostWithAuthor } from './store';
import { canSeePost, type Viewer } from './visibility';

/**
 * The "For you" ranking (issue 14; the formula and its weights are documented in docs/server.md,
 * "For you", and live here only). A post's score is its recency plus bonuses; every bonus a
 * stranger's post can earn together is capped below what following its author (or writing it)
 * earns, so at equal age a followed member's or one's own post is never below a stranger's.
 */
export const RANKING = {
  /** Points of a brand-new post; they halve every `halfLifeHours`. */
  recency: 20,
  halfLifeHours: 24,
  own: 12,
  follow: 12,
  /** Per recorded interaction with the author in the last `behaviourDays` (opened, reacted, commented). */
  perInteraction: 1,
  interactionMax: 5,
  behaviourDays: 30,
  /** The newest recorded actions read (bounds the cost for a very active member). */
  behaviourRows: 1000,
  /** Per interest topic the post carries, at most `interestTopics` of them. */
  perInterest: 3,
  interestTopics: 2,
  /** log2(1 + reactions + 2 * (comments + answers)) times this, capped. */
  engagement: 1.5,
  engagementMax: 5,
  /** A stranger's bonuses together never reach `follow`. */
  strangerMax: 11,
  /** "Popular in the last day": engagement points at least this, within a day. */
  popularPoints: 3,
  /** Candidates: the newest visible posts, plus followed members' older ones within `followedDays`. */
  newest: 500,
  followedDays: 14,
  followedMax: 100,
  ownMax: 20,
  /** Page 1 answers the last ranking again for this long while nothing it read changed. */
  reuseMs: 30_000,
} as const;

const HOUR_MS = 60 * 60 * 1000;

export interface Candidate {
  id: string;
  user_id: string;
  username: string;
  created_at: string;
  topics: string;
  engagement: number;
  follows: number;
}

export interface Taste {
  viewerId: string;
  interests: ReadonlySet<Topic>;
  /** Interactions per author id, over the last `behaviourDays`. */
  affinity: ReadonlyMap<string, number>;
}

/** The score and the reasons of one candidate: pure, so the tests and docs can reason about it. */
export function scoreOf(post: Candidate, taste: Taste, nowMs: number): { score: number; reasons: FeedReason[] } {
  const ageHours = Math.max(0, (nowMs - Date.parse(post.created_at)) / HOUR_MS);
  const reasons: FeedReason[] = [];
  let score = RANKING.recency * 0.5 ** (ageHours / RANKING.halfLifeHours);
  let bonus = 0;
  if (post.user_id === taste.viewerId) {
    score += RANKING.own;
    reasons.push({ kind: 'own' });
  } else if (Number(post.follows) === 1) {
    score += RANKING.follow;
    reasons.push({ kind: 'follow', username: post.username });
  }
  const interactions = taste.affinity.get(post.user_id) ?? 0;
  if (interactions > 0 && post.user_id !== taste.viewerId) {
    bonus += Math.min(RANKING.interactionMax, interactions * RANKING.perInteraction);
    if (interactions >= 2) reasons.push({ kind: 'interacted', username: post.username });
  }
  const matched = splitTopics(post.topics).filter((topic) => taste.interests.has(topic)).slice(0, RANKING.interestTopics);
  bonus += matched.length * RANKING.perInterest;
  for (const topic of matched) reasons.push({ kind: 'interest', topic });
  const engagement = Math.min(RANKING.engagementMax, RANKING.engagement * Math.log2(1 + Number(post.engagement)));
  bonus += engagement;
  if (engagement >= RANKING.popularPoints && ageHours < 24) reasons.push({ kind: 'popular' });
  score += Math.min(RANKING.strangerMax, bonus);
  if (reasons.length === 0) reasons.push({ kind: 'recent' });
  return { score, reasons };
}

/** Best first; equal scores newest first (then by id), so the order is total and repeatable. */
export function rank(candidates: readonly Candidate[], taste: Taste, nowMs: number) {
  return candidates
    .map((post) => ({ post, ...scoreOf(post, taste, nowMs) }))
    .sort((a, b) => b.score - a.score || b.post.created_at.localeCompare(a.post.created_at) || b.post.id.localeCompare(a.post.id));
}

const engagementSql = sql<number>`posts.reactions_like + posts.reactions_love + posts.reactions_angry + posts.reactions_happy + posts.reactions_sad + posts.reactions_wow + 2 * (posts.comments_count + posts.answers_count)`;

/**
 * The streams' posts the viewer may see, as the ranking reads them (no viewer columns but
 * following). Exported for the benchmark, which runs the newest-500 read alone as the floor of
 * page 1.
 */
export const candidateQuery = (db: Kysely<Database>, viewer: Viewer) =>
  db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select([
      'posts.id', 'posts.user_id', 'users.username', 'posts.created_at', 'posts.topics', engagementSql.as('engagement'),
      sql<number>`(case when exists (select 1 from follows where follows.follower_id = ${viewer.id} and follows.followee_id = posts.user_id) then 1 else 0 end)`.as('follows'),
    ])
    .where('posts.kind', '=', 'post')
    .where('posts.group_id', 'is', null)
    .where(canSeePost(viewer));

/** Cursors: `s.<snapshot>.<offset>` within the ranked list, `t.<snapshot>.<createdAt_id>` in the tail after it. */
const cursorText = (kind: 's' | 't', snapshotId: string, at: string | number) => `${kind}.${snapshotId}.${at}`;
function parseCursor(cursor: string): { kind: 's' | 't'; snapshotId: string; at: string } {
  const [kind, snapshotId, ...rest] = cursor.split('.');
  return { kind: kind as 's' | 't', snapshotId: snapshotId!, at: rest.join('.') };
}

export interface ForYouDeps {
  database: DatabaseHandle;
  store: PostStore;
  snapshots: SnapshotStore;
  clock: Clock;
  pageSize?: number;
  /** Fewer candidates (tests of the tail after the ranked list). */
  newest?: number;
}

export function createForYou(deps: ForYouDeps) {
  const { db } = deps.database;
  const size = deps.pageSize ?? PAGE_SIZE;
  const newestCount = deps.newest ?? RANKING.newest;
  const nowMs = () => deps.clock.now().getTime();

  async function tasteOf(viewer: Viewer): Promise<Taste> {
    const user = await db
      .selectFrom('users')
      .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
      .select(['users.allow_personalize', 'user_profiles.interests'])
      .where('users.id', '=', viewer.id)
      .executeTakeFirst();
    if (!user || Number(user.allow_personalize) !== 1) throw forbidden(FOR_YOU_OFF);
    const since = new Date(nowMs() - RANKING.behaviourDays * 24 * HOUR_MS).toISOString();
    const recent = db
      .selectFrom('user_behaviors')
      .select('subject_id')
      .where('user_id', '=', viewer.id)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .limit(RANKING.behaviourRows)
      .as('recent');
    const rows = await db
      .selectFrom(recent)
      .innerJoin('posts', 'posts.id', 'recent.subject_id')
      .select(['posts.user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('posts.user_id')
      .execute();
    let interests: string[] = [];
    try {
      interests = JSON.parse(user.interests ?? '[]') as string[];
    } catch {
      interests = [];
    }
    return {
      viewerId: viewer.id,
      interests: new Set(splitTopics(interests.join(','))),
      affinity: new Map(rows.map((row) => [row.user_id, Number(row.n)])),
    };
  }

  const candidates = (viewer: Viewer) => candidateQuery(db, viewer);

  /**
   * Posts of the members the viewer follows, older than `before`, since `since`: walked from the
   * viewer's follows through each author's own index (posts_user_created_idx), so the cost follows
   * how many they follow and how much those write, not how many posts the community holds.
   */
  const followedBefore = (viewer: Viewer, before: { created_at: string; id: string }, since: string) =>
    db
      .selectFrom('follows')
      .innerJoin('posts', 'posts.user_id', 'follows.followee_id')
      .innerJoin('users', 'users.id', 'posts.user_id')
      .select(['posts.id', 'posts.user_id', 'users.username', 'posts.created_at', 'posts.topics', engagementSql.as('engagement'), sql<number>`1`.as('follows')])
      .where('follows.follower_id', '=', viewer.id)
      .where('posts.kind', '=', 'post')
      .where('posts.group_id', 'is', null)
      .where('posts.created_at', '>=', since)
      .where(sql<boolean>`(posts.created_at, posts.id) < (${before.created_at}, ${before.id})`)
      .where(canSeePost(viewer))
      .orderBy('posts.created_at', 'desc')
      .limit(RANKING.followedMax)
      .execute();

  /** The viewer's own posts in the same window (their own index). */
  const ownBefore = (viewer: Viewer, before: { created_at: string; id: string }, since: string) =>
    candidates(viewer)
      .where('posts.user_id', '=', viewer.id)
      .where('posts.created_at', '>=', since)
      .where(sql<boolean>`(posts.created_at, posts.id) < (${before.created_at}, ${before.id})`)
      .orderBy('posts.created_at', 'desc')
      .limit(RANKING.ownMax)
      .execute();

  /**
   * The viewer's last ranking, which page 1 answers again while nothing it read has changed: no
   * write that moves the visibility epoch (a post created, deleted or re-scoped, a follow, a block,
   * a group change: db/visibilityEpoch.ts), the same taste (interests and recorded behaviour), and
   * for at most REUSE_MS (bounding what another process writes, as the totals cache does).
   * Reaction and comment counts do not move the epoch: they re-rank at the latest after REUSE_MS.
   */
  const lastRanking = new Map<string, { snapshotId: string; epoch: number; taste: string; at: number }>();
  const tasteKey = (taste: Taste) =>
    JSON.stringify([[...taste.interests].sort(), [...taste.affinity.entries()].sort(([a], [b]) => a.localeCompare(b))]);

  async function reusable(viewer: Viewer, taste: Taste): Promise<{ id: string; snapshot: ForYouSnapshot } | null> {
    const last = lastRanking.get(viewer.id);
    const epoch = deps.database.epoch;
    if (!last || !epoch || last.epoch !== epoch.current() || last.taste !== tasteKey(taste) || nowMs() - last.at >= RANKING.reuseMs) return null;
    const kept = await deps.snapshots.get(last.snapshotId);
    return kept && kept.viewerId === viewer.id ? { id: last.snapshotId, snapshot: kept } : null;
  }

  async function snapshot(viewer: Viewer, taste: Taste): Promise<{ id: string; snapshot: ForYouSnapshot }> {
    // Read before the candidates: a write during the ranking leaves the ranking under an epoch already gone.
    const epoch = deps.database.epoch?.current();
    const newest = await candidates(viewer).orderBy('posts.created_at', 'desc').orderBy('posts.id', 'desc').limit(newestCount).execute();
    let tail: string | null = null;
    let older: Candidate[] = [];
    if (newest.length === newestCount) {
      const oldest = newest[newest.length - 1]!;
      tail = postCursor(oldest);
      const since = new Date(nowMs() - RANKING.followedDays * 24 * HOUR_MS).toISOString();
      const [followed, own] = await Promise.all([followedBefore(viewer, oldest, since), ownBefore(viewer, oldest, since)]);
      older = [...followed, ...own];
    }
    const ranked = rank([...newest, ...older], taste, nowMs());
    const id = randomUUID();
    const made: ForYouSnapshot = {
      viewerId: viewer.id,
      ids: ranked.map((entry) => entry.post.id),
      reasons: Object.fromEntries(ranked.map((entry) => [entry.post.id, entry.reasons])),
      tail,
    };
    await deps.snapshots.set(id, made);
    if (epoch !== undefined) {
      lastRanking.delete(viewer.id);
      lastRanking.set(viewer.id, { snapshotId: id, epoch, taste: tasteKey(taste), at: nowMs() });
      if (lastRanking.size > SNAPSHOTS_KEPT) lastRanking.delete(lastRanking.keys().next().value!);
    }
    return { id, snapshot: made };
  }

  /** The rows of `ids` the viewer may see now, in the order given (one statement). */
  async function rowsOf(viewer: Viewer, ids: string[]): Promise<PostWithAuthor[]> {
    if (ids.length === 0) return [];
    const rows = await deps.store.withAuthor(viewer).where('posts.id', 'in', ids).where(canSeePost(viewer)).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  const present = (viewer: Viewer, rows: PostWithAuthor[], reasons: (row: PostWithAuthor) => FeedReason[]): Post[] =>
    rows.map((row) => ({ ...presentPost(row, viewer), reasons: reasons(row) }));

  return {
    /** Page 1 ranks a new snapshot; a cursor walks the snapshot it names, then the older posts after it. */
    async page(viewer: Viewer, cursor?: string): Promise<{ posts: Post[]; nextCursor: string | null }> {
      const asked = cursor ? parseCursor(cursor) : null;
      let current = asked ? await deps.snapshots.get(asked.snapshotId) : undefined;
      if (current && current.viewerId !== viewer.id) current = undefined;
      let snapshotId = asked?.snapshotId ?? '';
      if (!current) {
        // Page 1 (the last ranking again while nothing it read changed), or a snapshot that
        // expired: rank anew (after an expiry a post may come twice).
        const taste = await tasteOf(viewer);
        const made = (!asked ? await reusable(viewer, taste) : null) ?? (await snapshot(viewer, taste));
        current = made.snapshot;
        snapshotId = made.id;
      }
      if (!asked || asked.kind === 's') {
        const offset = asked ? Math.max(0, Number.parseInt(asked.at, 10) || 0) : 0;
        const ids = current.ids.slice(offset, offset + size);
        const posts = present(viewer, await rowsOf(viewer, ids), (row) => current.reasons[row.id] ?? [{ kind: 'recent' }]);
        const next = offset + size;
        const nextCursor = next < current.ids.length ? cursorText('s', snapshotId, next) : current.tail ? cursorText('t', snapshotId, current.tail) : null;
        return { posts, nextCursor };
      }
      // The tail: older than the ranked list, newest first, without the followed posts it already held.
      const at = cursorSchema.safeParse(asked.at);
      if (!at.success) return { posts: [], nextCursor: null };
      const shown = new Set(current.ids);
      const taste = await tasteOf(viewer);
      const page = await deps.store.page(viewer, { kind: 'post' }, { page: 1, cursor: at.data, size: size + Math.min(shown.size, size) });
      const fresh = page.rows.filter((row) => !shown.has(row.id)).slice(0, size);
      // A full page continues after its last post; a short one read every row it fetched.
      const last = fresh.length === size ? fresh.at(-1)! : page.rows.at(-1);
      const more = last !== undefined && (page.rows.indexOf(last) < page.rows.length - 1 || page.nextCursor !== null);
      const candidate = (row: PostWithAuthor): Candidate => ({
        id: row.id, user_id: row.user_id, username: row.username, created_at: row.created_at, topics: row.topics,
        engagement: 0, follows: Number(row.viewer_follows_author),
      });
      const posts = present(viewer, fresh, (row) => scoreOf(candidate(row), taste, nowMs()).reasons);
      return { posts, nextCursor: more ? cursorText('t', snapshotId, postCursor(last)) : null };
    },
  };
}

export type ForYou = ReturnType<typeof createForYou>;
