import { sql } from 'kysely';
import { TRENDING_SIZE, TRENDING_WINDOW_HOURS, type Trending } from '../../../src/api/forYou';
import type { Clock } from '../../clock';
import type { DatabaseHandle } from '../../db/database';
import { canSeePost, type Viewer } from './visibility';

/**
 * The hashtags of the last day's posts the viewer may see, by how many posts carry them (tags in
 * comments and answers do not trend). The cost follows one day's tagged posts, read through
 * text_tags' time index, never the whole history.
 */
export function createTrending(deps: { database: DatabaseHandle; clock: Clock }) {
  const { db } = deps.database;
  return async (viewer: Viewer): Promise<Trending> => {
    const since = new Date(deps.clock.now().getTime() - TRENDING_WINDOW_HOURS * 60 * 60 * 1000).toISOString();
    const rows = await db
      .selectFrom('text_tags')
      .innerJoin('posts', 'posts.id', 'text_tags.post_id')
      .select(['text_tags.tag', sql<number>`count(*)`.as('posts')])
      .where('text_tags.created_at', '>=', since)
      .whereRef('text_tags.source_id', '=', 'text_tags.post_id')
      .where(canSeePost(viewer))
      .groupBy('text_tags.tag')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('text_tags.tag', 'asc')
      .limit(TRENDING_SIZE)
      .execute();
    return { hashtags: rows.map((row) => ({ tag: row.tag, posts: Number(row.posts) })) };
  };
}
