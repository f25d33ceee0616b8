import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import { queryTemplate } from '../../db/queryTemplate';
import type { Database } from '../../db/schema';
import { CANDIDATE_COLUMNS } from './candidateColumns';
import type { Version } from '../../db/sharedVersion';
import type { Viewer } from '../../core/visibility';
import type { Candidate } from './forYou';

/** A kept post: a candidate's fields but `follows` (the reader's), and the privacy the reader is filtered by. */
interface KeptPost extends Omit<Candidate, 'follows'> {
  privacy: string;
}

interface Kept {
  /** Newest first, by (created_at, id). */
  posts: KeptPost[];
  ids: Set<string>;
  /** No older post qualifies than the oldest kept: the table held fewer than `size` when it was read. */
  complete: boolean;
  /** The stream version it was read under (db/streamVersion.ts): any other means it may hold a post gone since. */
  version: Version;
  /** When it was read in full (the counters it holds are as old as that). */
  readAt: number;
}

export interface SharedCandidatesOptions {
  /** Posts kept (the newest that may reach a reader who is no one's follower). */
  size: number;
  /** A full read at least this often, so the reaction and comment counts a ranking reads stay this fresh. */
  maxAgeMs: number;
  /** A `since` read starts this much before the newest kept post (posts committed out of order). */
  overlapMs: number;
  now?: () => number;
}

/**
 * The posts of the streams any member might see, kept once per process and shared by every
 * reader's "For you" (docs/server.md, "For you: the candidates every reader shares"): the newest
 * `size` stream posts that are Public or Followers and not hidden. A reader's newest candidates are
 * these, filtered in memory by the rules canSeePost applies to them (neither blocks the other;
 * Followers only from a member the reader follows), merged with the reader's own posts (any
 * privacy, hidden or not: one read by the reader's own index). Private posts of others, hidden
 * posts of others and group posts are never kept, so no filter can let one through.
 *
 * The kept posts serve while the stream version stands (db/streamVersion.ts: a hide, delete,
 * privacy or topic change, a member deleted or renamed, in this process or, with Redis, any) and
 * for at most `maxAgeMs`; each use first reads the posts newer than the newest kept (less a small
 * overlap), so a post written in any process is in the very next ranking. Admins (who see
 * everything) and PostgreSQL without Redis (where another process could hide a post unseen) read
 * the database as before: `newestFor` answers null.
 */
export function createSharedCandidates(database: DatabaseHandle, options: SharedCandidatesOptions) {
  const db: Kysely<Database> = database.db;
  const now = options.now ?? (() => performance.now());
  let kept: Kept | undefined;
  let loading: { version: Version; epoch: number; promise: Promise<Kept> } | undefined;
  let fullReads = 0;

  const keptQuery = queryTemplate(
    db,
    (shape: { since: boolean }) => String(shape.since),
    (shape, values: { from: string }) => {
      let query = db
        .selectFrom('posts')
        .innerJoin('users', 'users.id', 'posts.user_id')
        .select([...CANDIDATE_COLUMNS, 'posts.privacy'])
        .where('posts.kind', '=', 'post')
        .where('posts.group_id', 'is', null)
        .where('posts.hidden', '=', 0)
        .where('posts.privacy', 'in', ['Public', 'Followers']);
      if (shape.since) query = query.where('posts.created_at', '>=', values.from);
      return query
        .orderBy('posts.created_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(options.size + 1);
    },
  );

  /** Whom the reader may not see (a block either way) and whom they follow, in one statement. */
  const relationsQuery = queryTemplate(
    db,
    () => '',
    (_shape: null, values: { viewerId: string }) =>
      db
        .selectFrom('blocks')
        .select([
          sql<string>`'b'`.as('kind'),
          sql<string>`case when blocks.blocker_id = ${values.viewerId} then blocks.blocked_id else blocks.blocker_id end`.as('other'),
        ])
        .where((eb) => eb.or([eb('blocks.blocker_id', '=', values.viewerId), eb('blocks.blocked_id', '=', values.viewerId)]))
        .unionAll(
          db
            .selectFrom('follows')
            .select([sql<string>`'f'`.as('kind'), 'follows.followee_id as other'])
            .where('follows.follower_id', '=', values.viewerId),
        ),
  );

  /** The reader's own stream posts from `(at, id)` on (or all, newest first), whatever their privacy or hidden flag. */
  const ownQuery = queryTemplate(
    db,
    (shape: { from: boolean; limit: number }) => `${shape.from}.${shape.limit}`,
    (shape, values: { viewerId: string; at: string; id: string }) => {
      let query = db
        .selectFrom('posts')
        .innerJoin('users', 'users.id', 'posts.user_id')
        .select([
          ...CANDIDATE_COLUMNS,
          // As the candidates' own query answers it: one does not follow oneself.
          sql<number>`0`.as('follows'),
        ])
        .where('posts.user_id', '=', values.viewerId)
        .where('posts.kind', '=', 'post')
        .where('posts.group_id', 'is', null);
      if (shape.from) query = query.where(sql<boolean>`(posts.created_at, posts.id) >= (${values.at}, ${values.id})`);
      return query.orderBy('posts.created_at', 'desc').orderBy('posts.id', 'desc').limit(shape.limit);
    },
  );

  const toKept = (row: KeptPost): KeptPost => ({ ...row, engagement: Number(row.engagement) });

  async function readAll(version: Version): Promise<Kept> {
    fullReads += 1;
    const readAt = now();
    const rows = (await keptQuery.execute({ since: false }, { from: '' })).map(toKept);
    const complete = rows.length <= options.size;
    const posts = rows.slice(0, options.size);
    return { posts, ids: new Set(posts.map((post) => post.id)), complete, version, readAt };
  }

  /** The kept posts with what was written since put in front; a full read when more is new than the set holds. */
  async function withNew(base: Kept): Promise<Kept> {
    const newest = base.posts[0];
    if (!newest) return readAll(base.version);
    const from = new Date(Date.parse(newest.created_at) - options.overlapMs).toISOString();
    const read = await keptQuery.execute({ since: true }, { from });
    if (read.length > options.size) return readAll(base.version);
    const fresh = read.filter((row) => !base.ids.has(row.id)).map(toKept);
    if (fresh.length === 0) return base;
    const posts = [...fresh, ...base.posts].sort(newestFirst);
    const dropped = posts.length > options.size;
    const within = posts.slice(0, options.size);
    return { ...base, posts: within, ids: new Set(within.map((post) => post.id)), complete: base.complete && !dropped };
  }

  /** The kept posts as they may serve now, or null: nothing may be kept here. */
  async function current(): Promise<Kept | null> {
    const version = await database.streamVersion?.current();
    if (version === null || version === undefined) {
      kept = undefined;
      return null;
    }
    const base = kept && kept.version === version && now() - kept.readAt < options.maxAgeMs ? kept : undefined;
    if (base) {
      const next = await withNew(base);
      if (kept === base) kept = next;
      return next;
    }
    // Readers arriving together share one full read, unless a post was written in this process since it began.
    const epoch = database.epoch?.current() ?? 0;
    if (loading && loading.version === version && loading.epoch === epoch) return loading.promise;
    const promise = readAll(version);
    loading = { version, epoch, promise };
    try {
      const read = await promise;
      kept = read;
      return read;
    } finally {
      if (loading?.promise === promise) loading = undefined;
    }
  }

  return {
    /** How many times the kept posts were read in full (for tests). */
    fullReads: () => fullReads,

    /**
     * The newest `limit` candidates the viewer may see, newest first: exactly what the candidates'
     * query (forYou.ts, `candidateQuery`, newest first) answers. Null when they must come from that
     * query instead: an admin, nothing kept here, or too few kept posts left for this viewer.
     */
    async newestFor(viewer: Viewer, limit: number): Promise<Candidate[] | null> {
      if (viewer.isAdmin) return null;
      const [set, relations] = await Promise.all([current(), relationsQuery.execute(null, { viewerId: viewer.id })]);
      if (!set) return null;
      const blocked = new Set<string>();
      const followed = new Set<string>();
      for (const row of relations) (row.kind === 'b' ? blocked : followed).add(row.other);
      const picked: Candidate[] = [];
      for (const post of set.posts) {
        if (post.user_id === viewer.id || blocked.has(post.user_id)) continue;
        const follows = followed.has(post.user_id);
        if (post.privacy !== 'Public' && !follows) continue;
        picked.push({
          id: post.id,
          user_id: post.user_id,
          username: post.username,
          created_at: post.created_at,
          topics: post.topics,
          engagement: post.engagement,
          follows: follows ? 1 : 0,
        });
        if (picked.length === limit) break;
      }
      // Fewer than asked and older posts exist: the kept set cannot tell which come next.
      if (picked.length < limit && !set.complete) return null;
      const last = picked.length === limit ? picked[limit - 1]! : undefined;
      const own = await ownQuery.execute(
        { from: last !== undefined, limit },
        { viewerId: viewer.id, at: last?.created_at ?? '', id: last?.id ?? '' },
      );
      if (own.length === 0) return picked;
      return [...picked, ...own.map((row) => ({ ...row, engagement: Number(row.engagement), follows: 0 }))]
        .sort(newestFirst)
        .slice(0, limit);
    },
  };
}

function newestFirst(a: { created_at: string; id: string }, b: { created_at: string; id: string }): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export type SharedCandidates = ReturnType<typeof createSharedCandidates>;
