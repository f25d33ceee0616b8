import { useSelector } from '@xstate/react';
import { Play } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import { Button } from '../../ui/Button';
import { MediaSkeletons } from '../post/PostSkeleton';
import { EmptyState, PageTitle } from '../PageParts';
import { useFeed } from '../useFeed';
import {
  feedError,
  feedPosts,
  hasFeedFailed,
  hasMorePosts,
  isFeedLoading,
  isLoadingMorePosts,
  isMoreIdle,
} from '../../../machines/streams/feed.connect';
import { LoadError } from '../../ui/LoadError';
import { videoFrame } from '../../ui/firstFrame';

/** /photos and /videos: a grid of the media of the posts the member may see; each opens its post. */
export function MediaPage({ kind }: { kind: 'photos' | 'videos' }) {
  const source = useMemo(() => ({ kind }), [kind]);
  const { feed } = useFeed(source);
  const loading = useSelector(feed, isFeedLoading);
  const failed = useSelector(feed, hasFeedFailed);
  const posts = useSelector(feed, feedPosts);
  const hasMore = useSelector(feed, hasMorePosts);
  const error = useSelector(feed, feedError);
  const loadingMore = useSelector(feed, isLoadingMorePosts);
  const moreIdle = useSelector(feed, isMoreIdle);
  useEffect(() => {
    // Keep a short list topped up so the grid fills the screen.
    if (moreIdle && hasMore && posts.length < 12) feed.send({ type: 'feed.loadMore' });
  }, [moreIdle, hasMore, posts.length, feed]);
  const title = kind === 'photos' ? 'Photos' : 'Videos';
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageTitle>{title}</PageTitle>
      {loading ? (
        <MediaSkeletons />
      ) : failed ? (
        <LoadError title={`Could not load ${kind}`} onRetry={() => feed.send({ type: 'feed.retry' })}>
          {error}
        </LoadError>
      ) : posts.length === 0 ? (
        <EmptyState title={`No ${kind} yet`} text={`${title} shared in posts you can see will appear here.`} />
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={title}>
            {posts.map((post) => (
              <li key={post._id}>
                <Link
                  href={`/post/${post._id}`}
                  className="group relative block aspect-square overflow-hidden rounded-2xl bg-neutral-200 outline-none dark:bg-neutral-800"
                  aria-label={`${kind === 'photos' ? 'Photo' : 'Video'} by ${post.username}`}
                >
                  {kind === 'photos' ? (
                    <img
                      src={post.image}
                      alt={post.imageAlt || `Photo by ${post.username}`}
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  ) : (
                    <>
                      <video {...videoFrame(post)} muted playsInline className="size-full object-cover" aria-hidden="true" />
                      <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
                        <span className="inline-flex size-12 items-center justify-center rounded-full bg-black/60 text-white">
                          <Play size={22} />
                        </span>
                      </span>
                    </>
                  )}
                </Link>
              </li>
            ))}
          </ul>
          {hasMore ? (
            <div className="flex justify-center">
              <Button variant="secondary" isPending={loadingMore} onPress={() => feed.send({ type: 'feed.loadMore' })}>
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

export function PhotosPage() {
  return <MediaPage kind="photos" />;
}
export function VideosPage() {
  return <MediaPage kind="videos" />;
}
