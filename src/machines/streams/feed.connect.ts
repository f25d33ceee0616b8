import type { FeedSnapshot } from './feed.machine';

/** The posts shown, and the new ones held back behind the "new posts" pill. */
export const feedPosts = (s: FeedSnapshot) => s.context.posts;
export const pendingCount = (s: FeedSnapshot) => s.context.pending.length;
/** How many times the pill was pressed (the list scrolls to the top on each). */
export const feedReveals = (s: FeedSnapshot) => s.context.reveals;

export const isFeedLoading = (s: FeedSnapshot) => s.matches('loading');
export const hasFeedFailed = (s: FeedSnapshot) => s.matches('failed');
export const feedError = (s: FeedSnapshot) => s.context.error;

/** Another page waits below the last post. */
export const hasMorePosts = (s: FeedSnapshot) => s.context.nextCursor !== null;
export const isLoadingMorePosts = (s: FeedSnapshot) => s.matches({ ready: { more: 'loading' } });
export const hasMorePostsFailed = (s: FeedSnapshot) => s.matches({ ready: { more: 'failed' } });

/** The streams' order ("For you" or "Latest"); lists without an order show as "Latest". */
export const feedOrder = (s: FeedSnapshot) => s.context.order ?? 'latest';

/** Nothing more is being read: a short list may ask for the next page. */
export const isMoreIdle = (s: FeedSnapshot) => s.matches({ ready: { more: 'idle' } });
/** The one post of a post's page (undefined when it is gone). */
export const firstPost = (s: FeedSnapshot): FeedSnapshot['context']['posts'][number] | undefined => s.context.posts[0];

/** When the kept copy the list shows was saved (ms), or null when it shows the server's page. */
export const feedKeptAt = (s: FeedSnapshot) => s.context.keptAt;

/** Which list this is (the outbox's pending cards show on the lists they will land in). */
export const feedSource = (s: FeedSnapshot) => s.context.source;
