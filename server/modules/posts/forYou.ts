import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { FOR_YOU_OFF } from '../../../src/api/posts/forYou';
import { cursorSchema, PAGE_SIZE } from '../../../src/api/pages';
import type { Post } from '../../../src/api/posts';
import type { FeedReason } from '../../../src/api/posts/reasons';
import type { Topic } from '../../../src/api/posts/topics';
import { splitTopics } from '../../core/postTopics';
import type { Clock } from '../../clock';
import type { DatabaseHandle } from '../../db/database';
import { queryTemplate } from '../../db/queryTemplate';
import type { Database } from '../../db/schema';
import { CANDIDATE_COLUMNS } from './candidateColumns';
import { forbidden } from '../../http/httpError';
import { presentPost, type PostWithAuthor } from '../../core/presentPost';
import { createKeptRankings, type KeptRanking } from './keptRankings';
import { createSharedCandidates, type SharedCandidates } from './sharedCandidates';
import type { ForYouSnapshot, SnapshotStore } from './snapshots';
import { postCursor, type PostStore } from './store';
import { canSeePost, type Viewer } from '../../core/visibility';

/**
 * The "For you" ranking (the formula and its weights are documented in docs/server.md,
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
  /** Page 1 keeps the member's last ranking (new posts merged in front) for this long after it read every candidate. */
  keepMs: 5 * 60_000,
  /** A kept ranking's `since` read starts this much before its newest candidate (posts committed out of order). */
  sinceOverlapMs: 2_000,
  /** More new posts than this in one `since` read, or more candidates than `keptMax` in all: rank anew. */
  sinceMax: 200,
  keptMax: 1_000,
  /** Members whose last ranking a process keeps (the least recently used out first). */
  keptMembers: 500,
  /** The newest Public and Followers posts a process keeps for every reader's first ranking (sharedCandidates.ts). */
  sharedPosts: 1_000,
  /** They are read in full at least this often (the reaction and comment counts a ranking reads). */
  sharedMaxAgeMs: 10_000,
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

/**
 * What a candidate earns apart from its age (own or followed, interaction, interest, engagement),
 * computed once per ranking: a kept ranking re-scores its candidates at a later moment from these.
 */
export interface Scored {
  post: Candidate;
  createdMs: number;
  points: number;
  engagementPoints: number;
  /** The reasons that do not depend on age. */
  reasons: FeedReason[];
}

export function pointsOf(post: Candidate, taste: Taste): Scored {
  const reasons: FeedReason[] = [];
  let points = 0;
  let bonus = 0;
  if (post.user_id === taste.viewerId) {
    points = RANKING.own;
    reasons.push({ kind: 'own' });
  } else if (Number(post.follows) === 1) {
    points = RANKING.follow;
    reasons.push({ kind: 'follow', username: post.username });
  }
  const interactions = taste.affinity.get(post.user_id) ?? 0;
  if (interactions > 0 && post.user_id !== taste.viewerId) {
    bonus += Math.min(RANKING.interactionMax, interactions * RANKING.perInteraction);
    if (interactions >= 2) reasons.push({ kind: 'interacted', username: post.username });
  }
  const matched = splitTopics(post.topics)
    .filter((topic) => taste.interests.has(topic))
    .slice(0, RANKING.interestTopics);
  bonus += matched.length * RANKING.perInterest;
  for (const topic of matched) reasons.push({ kind: 'interest', topic });
  const engagementPoints = Math.min(RANKING.engagementMax, RANKING.engagement * Math.log2(1 + Number(post.engagement)));
  bonus += engagementPoints;
  points += Math.min(RANKING.strangerMax, bonus);
  return { post, createdMs: Date.parse(post.created_at), points, engagementPoints, reasons };
}

/** A candidate's score and reasons at `nowMs`: its recency then, plus its points. */
export function scoreAt(scored: Scored, nowMs: number): { score: number; reasons: FeedReason[] } {
  const ageHours = Math.max(0, (nowMs - scored.createdMs) / HOUR_MS);
  const score = RANKING.recency * 0.5 ** (ageHours / RANKING.halfLifeHours) + scored.points;
  const popular = scored.engagementPoints >= RANKING.popularPoints && ageHours < 24;
  const reasons: FeedReason[] = popular ? [...scored.reasons, { kind: 'popular' }] : scored.reasons;
  return { score, reasons: reasons.length === 0 ? [{ kind: 'recent' }] : reasons };
}

/** The score and the reasons of one candidate: pure, so the tests and docs can reason about it. */
export const scoreOf = (post: Candidate, taste: Taste, nowMs: number) => scoreAt(pointsOf(post, taste), nowMs);

/** Best first; equal scores newest first (then by id), so the order is total and repeatable. */
export function rankScored(scored: readonly Scored[], nowMs: number) {
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return scored
    .map((entry) => ({ post: entry.post, scored: entry, ...scoreAt(entry, nowMs) }))
    .sort((a, b) => b.score - a.score || order(b.post.created_at, a.post.created_at) || order(b.post.id, a.post.id));
}

export const rank = (candidates: readonly Candidate[], taste: Taste, nowMs: number) =>
  rankScored(
    candidates.map((post) => pointsOf(post, taste)),
    nowMs,
  );

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
      ...CANDIDATE_COLUMNS,
      sql<number>`(case when exists (select 1 from follows where follows.follower_id = ${viewer.id} and follows.followee_id = posts.user_id) then 1 else 0 end)`.as(
        'follows',
      ),
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

interface OlderValues extends Record<string, string> {
  viewerId: string;
  beforeAt: string;
  beforeId: string;
  since: string;
}

export interface ForYouDeps {
  database: DatabaseHandle;
  store: PostStore;
  snapshots: SnapshotStore;
  clock: Clock;
  pageSize?: number;
  /** Fewer candidates (tests of the tail after the ranked list). */
  newest?: number;
  /** false: every page 1 reads and ranks every candidate (the benchmark's first-load case). */
  keep?: boolean;
  /** The newest candidates every reader shares (default: kept by this service); false: each ranking reads its own. */
  shared?: SharedCandidates | false;
}

export function createForYou(deps: ForYouDeps) {
  const { db } = deps.database;
  const size = deps.pageSize ?? PAGE_SIZE;
  const newestCount = deps.newest ?? RANKING.newest;
  const nowMs = () => deps.clock.now().getTime();
  const kept = createKeptRankings(RANKING.keptMembers);
  const shared =
    deps.shared === false
      ? undefined
      : (deps.shared ??
        createSharedCandidates(deps.database, {
          size: RANKING.sharedPosts,
          maxAgeMs: RANKING.sharedMaxAgeMs,
          overlapMs: RANKING.sinceOverlapMs,
        }));
  let fullRankings = 0;

  /**
   * What the viewer's own choices are now, as one string: interests, their newest recorded action,
   * whom they follow and the blocks they are part of. Each is read by an index on the viewer's own
   * rows (count and newest time: an unfollow lowers the count, a follow moves the newest time), so
   * the cost follows the viewer's follows and blocks, never the community. A kept ranking serves
   * only while this string is the same. Refuses (403) when personalization is off.
   */
  const standingQuery = queryTemplate(
    db,
    () => '',
    (_shape: null, values: { viewerId: string }) => {
      const me = values.viewerId;
      return db
        .selectFrom('users')
        .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
        .select([
          'users.allow_personalize',
          'user_profiles.interests',
          sql<string>`(select count(*) || '/' || coalesce(max(follows.created_at), '') from follows where follows.follower_id = ${me})`.as(
            'follows',
          ),
          sql<string>`(select count(*) || '/' || coalesce(max(blocks.created_at), '') from blocks where blocks.blocker_id = ${me} or blocks.blocked_id = ${me})`.as(
            'blocks',
          ),
          sql<
            string | null
          >`(select max(b.id) from user_behaviors b where b.user_id = ${me} and b.created_at = (select max(created_at) from user_behaviors where user_id = ${me}))`.as(
            'behaviour',
          ),
        ])
        .where('users.id', '=', me);
    },
  );

  async function standingOf(viewer: Viewer): Promise<{ key: string; interests: string | null }> {
    const [row] = await standingQuery.execute(null, { viewerId: viewer.id });
    if (!row || Number(row.allow_personalize) !== 1) throw forbidden(FOR_YOU_OFF);
    return { key: JSON.stringify([row.interests, String(row.follows), String(row.blocks), row.behaviour]), interests: row.interests };
  }

  const affinityQuery = queryTemplate(
    db,
    () => '',
    (_shape: null, values: { viewerId: string; since: string }) => {
      const recent = db
        .selectFrom('user_behaviors')
        .select('subject_id')
        .where('user_id', '=', values.viewerId)
        .where('created_at', '>=', values.since)
        .orderBy('created_at', 'desc')
        .limit(RANKING.behaviourRows)
        .as('recent');
      return db
        .selectFrom(recent)
        .innerJoin('posts', 'posts.id', 'recent.subject_id')
        .select(['posts.user_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('posts.user_id');
    },
  );

  async function tasteOf(viewer: Viewer, interestsText: string | null): Promise<Taste> {
    const since = new Date(nowMs() - RANKING.behaviourDays * 24 * HOUR_MS).toISOString();
    const rows = await affinityQuery.execute(null, { viewerId: viewer.id, since });
    let interests: string[];
    try {
      interests = JSON.parse(interestsText ?? '[]') as string[];
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

  // The statements every page 1 runs, compiled once per shape (db/queryTemplate.ts): building them
  // with Kysely on each request cost more than running them.
  const sinceQuery = queryTemplate(
    db,
    (shape: { isAdmin: boolean }) => String(shape.isAdmin),
    (shape, values: { viewerId: string; from: string }) =>
      candidates({ id: values.viewerId, isAdmin: shape.isAdmin })
        .where('posts.created_at', '>=', values.from)
        .orderBy('posts.created_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(RANKING.sinceMax + 1),
  );
  const rowsQuery = queryTemplate(
    db,
    (shape: { isAdmin: boolean; count: number }) => `${shape.isAdmin}.${shape.count}`,
    (shape, values: Record<string, string>) => {
      const viewer = { id: values.viewerId!, isAdmin: shape.isAdmin };
      const ids = Array.from({ length: shape.count }, (_, i) => values[`id${i}`]!);
      return deps.store.withAuthor(viewer).where('posts.id', 'in', ids).where(canSeePost(viewer));
    },
  );

  /** The newest `limit` candidates read from the database: a full ranking's when the shared ones cannot serve. */
  const newestQuery = queryTemplate(
    db,
    (shape: { isAdmin: boolean; limit: number }) => `${shape.isAdmin}.${shape.limit}`,
    (shape, values: { viewerId: string }) =>
      candidates({ id: values.viewerId, isAdmin: shape.isAdmin })
        .orderBy('posts.created_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(shape.limit),
  );

  /**
   * Posts of the members the viewer follows, older than `before`, since `since`: walked from the
   * viewer's follows through each author's own index (posts_user_created_idx), so the cost follows
   * how many they follow and how much those write, not how many posts the community holds.
   * A CROSS JOIN, its condition in the WHERE: SQLite then keeps `follows` as the outer loop, whereas
   * as the server runs it (no ANALYZE, docs/server.md) an inner join read every post of the window
   * by posts_kind_created_idx, in the ORDER BY's order, and checked each author against the follows
   * (45 ms at 1M posts, 1.3 ms so). PostgreSQL plans a cross join with a WHERE as an inner join.
   */
  const followedQuery = queryTemplate(
    db,
    (shape: { isAdmin: boolean }) => String(shape.isAdmin),
    (shape, values: OlderValues) => {
      const viewer = { id: values.viewerId, isAdmin: shape.isAdmin };
      return db
        .selectFrom('follows')
        .crossJoin('posts')
        .innerJoin('users', 'users.id', 'posts.user_id')
        .select([...CANDIDATE_COLUMNS, sql<number>`1`.as('follows')])
        .whereRef('posts.user_id', '=', 'follows.followee_id')
        .where('follows.follower_id', '=', viewer.id)
        .where('posts.kind', '=', 'post')
        .where('posts.group_id', 'is', null)
        .where('posts.created_at', '>=', values.since)
        .where(sql<boolean>`(posts.created_at, posts.id) < (${values.beforeAt}, ${values.beforeId})`)
        .where(canSeePost(viewer))
        .orderBy('posts.created_at', 'desc')
        .limit(RANKING.followedMax);
    },
  );

  /** The viewer's own posts in the same window (their own index). */
  const ownQuery = queryTemplate(
    db,
    (shape: { isAdmin: boolean }) => String(shape.isAdmin),
    (shape, values: OlderValues) =>
      candidates({ id: values.viewerId, isAdmin: shape.isAdmin })
        .where('posts.user_id', '=', values.viewerId)
        .where('posts.created_at', '>=', values.since)
        .where(sql<boolean>`(posts.created_at, posts.id) < (${values.beforeAt}, ${values.beforeId})`)
        .orderBy('posts.created_at', 'desc')
        .limit(RANKING.ownMax),
  );

  const snapshotOf = (viewer: Viewer, ranked: ReturnType<typeof rankScored>, tail: string | null): ForYouSnapshot => ({
    viewerId: viewer.id,
    ids: ranked.map((entry) => entry.post.id),
    reasons: ranked.map((entry) => entry.reasons),
    tail,
  });

  /** The newest visible candidates: from the posts every reader shares, else (an admin, too few kept) the database. */
  async function newestCandidates(viewer: Viewer): Promise<Candidate[]> {
    const fromShared = await shared?.newestFor(viewer, newestCount);
    return fromShared ?? newestQuery.execute({ isAdmin: viewer.isAdmin, limit: newestCount }, { viewerId: viewer.id });
  }

  /** Reads every candidate and ranks them: a first load, or whenever a kept ranking may not serve. */
  async function rankAnew(viewer: Viewer, standing: { key: string; interests: string | null }): Promise<KeptRanking> {
    fullRankings += 1;
    const [taste, newest] = await Promise.all([tasteOf(viewer, standing.interests), newestCandidates(viewer)]);
    let tail: string | null = null;
    let older: Candidate[] = [];
    if (newest.length === newestCount) {
      const oldest = newest[newest.length - 1]!;
      tail = postCursor(oldest);
      const since = new Date(nowMs() - RANKING.followedDays * 24 * HOUR_MS).toISOString();
      const values = { viewerId: viewer.id, beforeAt: oldest.created_at, beforeId: oldest.id, since };
      const [followed, own] = await Promise.all([
        followedQuery.execute({ isAdmin: viewer.isAdmin }, values),
        ownQuery.execute({ isAdmin: viewer.isAdmin }, values),
      ]);
      older = [...followed, ...own];
    }
    const ranked = rankScored(
      [...newest, ...older].map((post) => pointsOf(post, taste)),
      nowMs(),
    );
    const snapshot = snapshotOf(viewer, ranked, tail);
    const snapshotId = randomUUID();
    await deps.snapshots.set(snapshotId, snapshot);
    const ranking: KeptRanking = {
      standing: standing.key,
      rankedAt: nowMs(),
      taste,
      candidates: ranked.map((entry) => entry.scored),
      known: new Set(ranked.map((entry) => entry.post.id)),
      newestAt: newest[0]?.created_at ?? '',
      snapshotId,
      snapshot,
    };
    if (deps.keep !== false) kept.set(viewer.id, ranking);
    return ranking;
  }

  /**
   * The kept ranking with what is new since it was made put in place: one `since` read of the
   * visible candidates from a little before its newest (a post committed a moment out of order is
   * still found; `known` drops the overlap), scored with the same taste and merged by re-ranking
   * every kept candidate at this moment, so the order is the one a full ranking of the same
   * candidates gives. Null when too much is new (then a full ranking is as cheap and fresher).
   */
  async function withNewPosts(viewer: Viewer, ranking: KeptRanking): Promise<KeptRanking | null> {
    const from = ranking.newestAt ? new Date(Date.parse(ranking.newestAt) - RANKING.sinceOverlapMs).toISOString() : '';
    const read = await sinceQuery.execute({ isAdmin: viewer.isAdmin }, { viewerId: viewer.id, from });
    if (read.length > RANKING.sinceMax) return null;
    const fresh = read.filter((post) => !ranking.known.has(post.id));
    if (fresh.length === 0) return ranking;
    if (fresh.length + ranking.candidates.length > RANKING.keptMax) return null;
    // The kept candidates are in their last order, which ageing barely changes: the sort meets long runs.
    const ranked = rankScored([...fresh.map((post) => pointsOf(post, ranking.taste)), ...ranking.candidates], nowMs());
    const snapshot = snapshotOf(viewer, ranked, ranking.snapshot.tail);
    const snapshotId = randomUUID();
    await deps.snapshots.set(snapshotId, snapshot);
    // Only ever grows, and only this viewer's rankings share it: no copy needed.
    for (const post of fresh) ranking.known.add(post.id);
    const newestAt = fresh[0]!.created_at > ranking.newestAt ? fresh[0]!.created_at : ranking.newestAt;
    return { ...ranking, candidates: ranked.map((entry) => entry.scored), newestAt, snapshotId, snapshot };
  }

  /** Page 1: the kept ranking with the new posts in front while the viewer's standing and the window hold, else a full ranking. */
  async function firstRanking(viewer: Viewer): Promise<KeptRanking> {
    const standing = await standingOf(viewer);
    const last = deps.keep === false ? undefined : kept.get(viewer.id);
    if (last && last.standing === standing.key && nowMs() - last.rankedAt < RANKING.keepMs) {
      const merged = await withNewPosts(viewer, last);
      if (merged) {
        if (merged !== last) kept.set(viewer.id, merged);
        return merged;
      }
    }
    return rankAnew(viewer, standing);
  }

  /** The rows of `ids` the viewer may see now, in the order given (one statement). */
  async function rowsOf(viewer: Viewer, ids: string[]): Promise<PostWithAuthor[]> {
    if (ids.length === 0) return [];
    const values: Record<string, string> = { viewerId: viewer.id };
    ids.forEach((id, i) => (values[`id${i}`] = id));
    const rows = await rowsQuery.execute({ isAdmin: viewer.isAdmin, count: ids.length }, values);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  /**
   * Page 1 of a ranking: its first `size` posts the viewer may still see. A post deleted, hidden or
   * behind a block since it was ranked is dropped from the ranking (a new snapshot without it), so
   * it leaves page 1 at once and the next page starts right after what this one showed.
   */
  async function firstPage(viewer: Viewer, ranking: KeptRanking): Promise<{ rows: PostWithAuthor[]; ranking: KeptRanking }> {
    const ids = ranking.snapshot.ids;
    const rows: PostWithAuthor[] = [];
    const gone = new Set<string>();
    let read = 0;
    for (let round = 0; round < 3 && rows.length < size && read < ids.length; round += 1) {
      const batch = ids.slice(read, read + size - rows.length);
      read += batch.length;
      const found = await rowsOf(viewer, batch);
      const seen = new Set(found.map((row) => row.id));
      for (const id of batch) if (!seen.has(id)) gone.add(id);
      rows.push(...found);
    }
    if (gone.size === 0) return { rows, ranking };
    const stays = (_: unknown, i: number) => !gone.has(ids[i]!);
    const snapshot: ForYouSnapshot = { ...ranking.snapshot, ids: ids.filter(stays), reasons: ranking.snapshot.reasons.filter(stays) };
    const snapshotId = randomUUID();
    await deps.snapshots.set(snapshotId, snapshot);
    const pruned = { ...ranking, candidates: ranking.candidates.filter((entry) => !gone.has(entry.post.id)), snapshotId, snapshot };
    if (deps.keep !== false && kept.get(viewer.id) === ranking) kept.set(viewer.id, pruned);
    return { rows, ranking: pruned };
  }

  const present = (viewer: Viewer, rows: PostWithAuthor[], reasons: (row: PostWithAuthor) => FeedReason[]): Post[] =>
    // Added to the fresh post, not spread into a copy: after a spread each new property costs a hidden class (chat/store.ts presentNew).
    rows.map((row) => Object.assign(presentPost(row, viewer), { reasons: reasons(row) }));

  /** The ranked part of a snapshot from `offset`, with the cursor of what follows. */
  function rankedPage(viewer: Viewer, snapshotId: string, snapshot: ForYouSnapshot, rows: PostWithAuthor[], offset: number) {
    const reasons = new Map(snapshot.ids.slice(offset, offset + size).map((id, i) => [id, snapshot.reasons[offset + i]]));
    const posts = present(viewer, rows, (row) => reasons.get(row.id) ?? [{ kind: 'recent' }]);
    const next = offset + size;
    const nextCursor =
      next < snapshot.ids.length ? cursorText('s', snapshotId, next) : snapshot.tail ? cursorText('t', snapshotId, snapshot.tail) : null;
    return { posts, nextCursor };
  }

  return {
    /** How many times every candidate was read and ranked (for tests: a kept ranking does not count). */
    fullRankings: () => fullRankings,
    /** The newest candidates of a full ranking, as it reads them (for tests and the benchmark). */
    newestCandidates,

    /** Page 1 ranks (or brings the kept ranking up to date); a cursor walks the snapshot it names, then the older posts after it. */
    async page(viewer: Viewer, cursor?: string): Promise<{ posts: Post[]; nextCursor: string | null }> {
      const asked = cursor ? parseCursor(cursor) : null;
      let current = asked ? await deps.snapshots.get(asked.snapshotId) : undefined;
      if (current && current.viewerId !== viewer.id) current = undefined;
      if (!asked || !current) {
        // Page 1, or a snapshot that expired: this ranking's first page (after an expiry a post may come twice).
        const { rows, ranking } = await firstPage(viewer, await firstRanking(viewer));
        return rankedPage(viewer, ranking.snapshotId, ranking.snapshot, rows, 0);
      }
      if (asked.kind === 's') {
        const offset = Math.max(0, Number.parseInt(asked.at, 10) || 0);
        const rows = await rowsOf(viewer, current.ids.slice(offset, offset + size));
        return rankedPage(viewer, asked.snapshotId, current, rows, offset);
      }
      // The tail: older than the ranked list, newest first, without the followed posts it already held.
      const at = cursorSchema.safeParse(asked.at);
      if (!at.success) return { posts: [], nextCursor: null };
      const shown = new Set(current.ids);
      const standing = await standingOf(viewer);
      const keptRanking = kept.get(viewer.id);
      const taste = keptRanking?.standing === standing.key ? keptRanking.taste : await tasteOf(viewer, standing.interests);
      const page = await deps.store.page(viewer, { kind: 'post' }, { page: 1, cursor: at.data, size: size + Math.min(shown.size, size) });
      const fresh = page.rows.filter((row) => !shown.has(row.id)).slice(0, size);
      // A full page continues after its last post; a short one read every row it fetched.
      const last = fresh.length === size ? fresh.at(-1)! : page.rows.at(-1);
      const more = last !== undefined && (page.rows.indexOf(last) < page.rows.length - 1 || page.nextCursor !== null);
      const candidate = (row: PostWithAuthor): Candidate => ({
        id: row.id,
        user_id: row.user_id,
        username: row.username,
        created_at: row.created_at,
        topics: row.topics,
        engagement: 0,
        follows: Number(row.viewer_follows_author),
      });
      const posts = present(viewer, fresh, (row) => scoreOf(candidate(row), taste, nowMs()).reasons);
      return { posts, nextCursor: more ? cursorText('t', asked.snapshotId, postCursor(last)) : null };
    },
  };
}

export type ForYou = ReturnType<typeof createForYou>;
