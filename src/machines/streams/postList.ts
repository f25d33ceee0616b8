import type { Draft } from 'immer';
import type { ReactionType } from '../../api/constants';
import { cursorOf } from '../../api/constants';
import type { Post, ReactionCounts } from '../../api/posts';
import type { Topic } from '../../api/posts/topics';

/**
 * Which list a paginated list machine holds. Each decides which posts belong to it, so socket
 * events and the composer's callbacks land only where they should.
 */
export type FeedSource =
  | { kind: 'streams' }
  | { kind: 'questions' }
  | { kind: 'saved' }
  | { kind: 'photos' }
  | { kind: 'videos' }
  | { kind: 'user'; userId: string }
  | { kind: 'post'; postId: string }
  /** An interest topic's posts and questions (a topic chip's page), outside groups. */
  | { kind: 'topic'; topic: Topic }
  /** A group's accepted posts (its Posts tab). */
  | { kind: 'group'; groupId: string }
  /** A group's posts waiting for review: all of them for its admins, a member's own for members. */
  | { kind: 'groupPending'; groupId: string };

/** Whether a post (as the server now shows it to the viewer) belongs in the list. */
export function belongs(source: FeedSource, post: Post): boolean {
  if (post.hidden) return false;
  switch (source.kind) {
    case 'streams':
      return post.kind === 'post' && post.groupId === null;
    case 'questions':
      return post.kind === 'question';
    case 'saved':
      return post.saved;
    case 'photos':
      return post.image !== '' && post.groupId === null;
    case 'videos':
      return post.video !== '' && post.groupId === null;
    case 'user':
      return post.userId === source.userId && post.kind === 'post' && post.groupId === null;
    case 'post':
      return post._id === source.postId;
    case 'topic':
      return post.groupId === null && (post.topics ?? []).includes(source.topic);
    case 'group':
      // A group admin's post is accepted at once; posts without a status predate the review queue.
      return post.groupId === source.groupId && post.kind === 'post' && (post.groupStatus ?? 'accepted') === 'accepted';
    case 'groupPending':
      return post.groupId === source.groupId && post.groupStatus === 'pending';
  }
}

const newestFirst = (a: Post, b: Post) => (cursorOf(a) < cursorOf(b) ? 1 : cursorOf(a) > cursorOf(b) ? -1 : 0);

/** Adds or replaces a post, keeping newest first. `onlyIfPresent`: replace, never insert. */
export function upsert(posts: Draft<Post[]>, post: Post, { withinRange = true } = {}): void {
  const index = posts.findIndex((p) => p._id === post._id);
  if (index >= 0) {
    posts[index] = post;
    return;
  }
  if (!withinRange) return;
  const at = posts.findIndex((p) => newestFirst(post, p as Post) < 0);
  if (at < 0) posts.push(post);
  else posts.splice(at, 0, post);
}

export function remove(posts: Draft<Post[]>, postId: string): boolean {
  const index = posts.findIndex((p) => p._id === postId);
  if (index < 0) return false;
  posts.splice(index, 1);
  return true;
}

export function patch(posts: Draft<Post[]>, postId: string, change: Partial<Post>): void {
  const post = posts.find((p) => p._id === postId);
  if (post) Object.assign(post, change);
}

/** Appends an older page, skipping posts already listed (a post can move between pages). */
export function appendPage(posts: Draft<Post[]>, page: Post[]): void {
  const known = new Set(posts.map((p) => p._id));
  for (const post of page) if (!known.has(post._id)) posts.push(post);
}

/** The newest keyset cursor of a list (what `since` continues from), or null when empty. */
export function newestCursor(...lists: Post[][]): string | null {
  let newest: string | null = null;
  for (const list of lists) for (const post of list) if (newest === null || cursorOf(post) > newest) newest = cursorOf(post);
  return newest;
}

/** Counts after the member's own reaction moves from `from` to `to` (the optimistic view). */
export function shiftReaction(counts: ReactionCounts, from: ReactionType | null, to: ReactionType | null): ReactionCounts {
  if (from === to) return counts;
  const next = { ...counts };
  if (from) next[from] = Math.max(0, next[from] - 1);
  if (to) next[to] += 1;
  return next;
}
