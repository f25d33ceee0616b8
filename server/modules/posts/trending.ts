import { sql } from 'kysely';
import { TRENDING_SIZE, TRENDING_WINDOW_HOURS, type Trending } from '../../../src/api/posts/forYou';
import type { Clock } from '../../clock';
import type { DatabaseHandle } from '../../db/database';
import { canSeePost, type Viewer } from '../../core/visibility';

/**
 * How many of the window's newest trending tags a trending answer reads at most. A community that
 * tags more than this in a day sees what trends among its latest tagged posts (the last hours of
 * a busy day) instead of every one of them: the cost of the box beside every stream stays the
 * same however much the community writes.
 */
export const TRENDING_SCAN_MAX = 5000;

/**
 * The hashtags of the last day's posts that everyone may read (Public, in no group, not hidden:
 * text_tags.trends, kept by core/textIndex.ts), by how many posts carry them; tags in comments and
 * answers do not trend. Reads at most `scanMax` of the window's newest such tags through their own
 * index, so Private, Followers or group posts, however many, never push a public tag out of what
 * it reads; of those it keeps the posts the reader may see (a block between them hides an author's).
 */
export function createTrending(deps: { database: DatabaseHandle; clock: Clock; scanMax?: number }) {
  const { db } = deps.database;
  const scanMax = deps.scanMax ?? TRENDING_SCAN_MAX;
  return async (viewer: Viewer): Promise<Trending> => {
    const since = new Date(deps.clock.now().getTime() - TRENDING_WINDOW_HOURS * 60 * 60 * 1000).toISOString();
    const newest = db
      .selectFrom('text_tags')
      .select(['text_tags.tag', 'text_tags.post_id'])
      .where('text_tags.trends', '=', 1)
      .where('text_tags.created_at', '>=', since)
      .orderBy('text_tags.created_at', 'desc')
      .limit(scanMax)
      .as('newest');
    const rows = await db
      .selectFrom(newest)
      .innerJoin('posts', 'posts.id', 'newest.post_id')
      .select(['newest.tag', sql<number>`count(*)`.as('posts')])
      .where(canSeePost(viewer))
      .groupBy('newest.tag')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('newest.tag', 'asc')
      .limit(TRENDING_SIZE)
      .execute();
    return { hashtags: rows.map((row) => ({ tag: row.tag, posts: Number(row.posts) })) };
  };
}
