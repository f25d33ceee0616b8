import type { Kysely } from 'kysely';
import type { Database, PostRow, ReactionColumn } from '../../db/schema';
import type { PostWithAuthor } from '../../core/presentPost';
import type { Viewer } from '../../core/visibility';
import type { PostStore } from './store';

/**
 * What the areas built on posts (comments, answers, reactions, groups, moderation, search) may ask
 * of the posts area besides its service: reads of posts as a viewer sees them, and the row lock
 * under which they change a post's counters in their own transaction. The posts area keeps its
 * SQL to itself (store.ts); this is its face to the others.
 */
export interface PostsForOthers {
  /** The post if the viewer may see it; `on`: the caller's transaction, when it reads inside one. */
  findVisible(viewer: Viewer, postId: string, on?: Kysely<Database>): Promise<PostWithAuthor | undefined>;
  /** The posts of `ids` the viewer may see, with their authors (in no particular order). */
  visibleByIds(viewer: Viewer, ids: readonly string[]): Promise<PostWithAuthor[]>;
  /** The posts of `ids` with their authors, hidden ones included: the admins' lists. */
  byIds(admin: Viewer, ids: readonly string[]): Promise<PostWithAuthor[]>;
  /**
   * Locks the post row in the caller's transaction before a counter of it changes (PostgreSQL;
   * SQLite runs one writer at a time anyway); undefined when there is no such post.
   */
  lockForUpdate(trx: Kysely<Database>, postId: string): Promise<{ id: string } | undefined>;
  /** The post's reaction counters; undefined when there is no such post. */
  reactionCounts(postId: string): Promise<Pick<PostRow, ReactionColumn> | undefined>;
}

/** The posts area's reads and lock for other areas, answered by its store. */
export function createPostsForOthers(store: PostStore): PostsForOthers {
  return {
    findVisible: (viewer, postId, on) => store.findVisible(viewer, postId, on),
    visibleByIds: (viewer, ids) => store.visibleByIds(viewer, ids),
    byIds: (admin, ids) => store.byIds(admin, ids),
    lockForUpdate: (trx, postId) => store.lockForUpdate(trx, postId),
    reactionCounts: (postId) => store.reactionCounts(postId),
  };
}
