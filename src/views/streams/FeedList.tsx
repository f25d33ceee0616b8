import { useSelector } from '@xstate/react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { selectWhyPost, type FeedActorRef } from '../../machines/streams/feed.machine';
import {
  feedError,
  feedKeptAt,
  feedPosts,
  feedReveals,
  feedSource,
  hasFeedFailed,
  hasMorePosts,
  hasMorePostsFailed,
  isFeedLoading,
  isLoadingMorePosts,
  pendingCount,
} from '../../machines/streams/feed.connect';
import { Button } from '../ui/Button';
import { NewPostsPill } from './NewPostsPill';
import { PostCard } from './post/PostCard';
import { PostSkeletons } from './post/PostSkeleton';
import { usePostOverlays } from './post/postOverlays';
import type { useFeed } from './useFeed';
import { LoadError } from '../ui/LoadError';
import { WhyDialog } from './post/overlayChunks';
import { OfflineNotice } from '../offline/OfflineNotice';
import { PendingPostCards } from './post/PendingPostCard';
import { useOutboxItems } from '../offline/OutboxMark';
import { outboxCardsFor, type PendingCardItem } from '../../machines/offline/outbox.connect';

type Callbacks = ReturnType<typeof useFeed>['callbacks'];

/**
 * A virtualised list of post cards over the window's scroll, with the list's loading, empty and
 * error states, the "N new posts" pill, infinite scroll and the comments and reactions modals.
 */
export function FeedList({
  feed,
  callbacks,
  empty,
  noun = 'post',
  keptNotice = true,
}: {
  feed: FeedActorRef;
  callbacks: Callbacks;
  empty: ReactNode;
  noun?: string;
  /** Whether a kept page says so above the list (false where the page around it says it already). */
  keptNotice?: boolean;
}) {
  const posts = useSelector(feed, feedPosts);
  const pending = useSelector(feed, pendingCount);
  const reveals = useSelector(feed, feedReveals);
  const loading = useSelector(feed, isFeedLoading);
  const failed = useSelector(feed, hasFeedFailed);
  const error = useSelector(feed, feedError);
  const hasMore = useSelector(feed, hasMorePosts);
  const loadingMore = useSelector(feed, isLoadingMorePosts);
  const moreFailed = useSelector(feed, hasMorePostsFailed);
  const whyPost = useSelector(feed, selectWhyPost);
  const keptAt = useSelector(feed, feedKeptAt);
  const source = useSelector(feed, feedSource);
  const waiting = useOutboxItems<PendingCardItem>((s) => outboxCardsFor(s, source));
  const { cardProps, overlays } = usePostOverlays(callbacks);

  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  // The list starts below the pending cards: measured again when they come and go.
  useLayoutEffect(() => setOffset(listRef.current?.offsetTop ?? 0), [loading, waiting.items.length]);
  const virtualizer = useWindowVirtualizer({
    count: posts.length,
    estimateSize: () => 360,
    overscan: 4,
    scrollMargin: offset,
    getItemKey: (index) => posts[index]?._id ?? index,
    gap: 16,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && !moreFailed && last >= posts.length - 3) feed.send({ type: 'feed.loadMore' });
  }, [last, posts.length, hasMore, loadingMore, moreFailed, feed]);

  useEffect(() => {
    if (reveals > 0) globalThis.scrollTo?.({ top: 0, behavior: 'smooth' });
  }, [reveals]);

  // What the member wrote and the outbox still holds shows on top, whatever the list's own state.
  const pendingCards = <PendingPostCards {...waiting} />;
  if (loading)
    return (
      <div className="flex flex-col gap-4">
        {pendingCards}
        <PostSkeletons label={`Loading ${noun}s`} />
      </div>
    );
  if (failed)
    return (
      <div className="flex flex-col gap-4">
        {pendingCards}
        <LoadError title={`Could not load ${noun}s`} onRetry={() => feed.send({ type: 'feed.retry' })}>
          {error}
        </LoadError>
      </div>
    );

  // jsdom (tests) measures nothing: render every card when the virtualiser has no window size.
  const rendered = items.length > 0 || posts.length === 0 ? items : posts.map((_, index) => ({ index, key: posts[index]._id, start: 0 }));

  return (
    <div>
      {keptAt !== null && keptNotice ? <OfflineNotice savedAt={keptAt} /> : null}
      <div className="mb-4 empty:hidden">{pendingCards}</div>
      <NewPostsPill count={pending} noun={noun} onPress={() => feed.send({ type: 'feed.showPending' })} />
      {posts.length === 0 ? (
        // A pending card of the member's is the list's first item: the empty state gives way to it.
        waiting.items.length > 0 ? null : (
          empty
        )
      ) : (
        <div
          ref={listRef}
          role="feed"
          aria-busy={loadingMore}
          aria-label={`${noun[0].toUpperCase()}${noun.slice(1)}s`}
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {rendered.map((item) => {
            const post = posts[item.index];
            if (!post) return null;
            return (
              <div
                key={post._id}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
                }}
              >
                <PostCard post={post} {...cardProps} />
              </div>
            );
          })}
        </div>
      )}
      <div className="py-6 text-center text-sm text-neutral-600 dark:text-neutral-400">
        {loadingMore ? <PostSkeletons count={1} label={`Loading more ${noun}s`} /> : null}
        {moreFailed ? (
          <Button size="sm" variant="secondary" onPress={() => feed.send({ type: 'feed.loadMore' })}>
            Load more
          </Button>
        ) : null}
        {!hasMore && posts.length > 0 ? <p>You are all caught up.</p> : null}
      </div>
      {overlays}
      {whyPost ? <WhyDialog post={whyPost} onClose={() => feed.send({ type: 'feed.whyClose' })} /> : null}
    </div>
  );
}
