import { useSelector } from '@xstate/react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { Post } from '../../../api/posts';
import { buttonClasses } from '../../ui/Button';
import { useSessionProfile } from '../../layouts/useShell';
import { commenterOf } from '../post/postOverlays';
import { CommentsPanel } from '../discussion/CommentsPanel';
import { EmptyState } from '../PageParts';
import { PostCard } from '../post/PostCard';
import { PostSkeletons } from '../post/PostSkeleton';
import { ReactionsModal } from '../post/overlayChunks';
import { useFeed } from '../useFeed';
import { feedError, feedKeptAt, firstPost, hasFeedFailed, isFeedLoading } from '../../../machines/streams/feed.connect';
import { OfflineNotice } from '../../offline/OfflineNotice';
import { LoadError } from '../../ui/LoadError';
import { PageHeader } from '../../shell/PageHeader';

export interface PostPageProps {
  postId: string;
  /** Shown between the card and the comments (the question page's answers). */
  extra?: (post: Post, feed: ReturnType<typeof useFeed>['feed']) => ReactNode;
  /** The page's parent: where Back goes when the member did not come from inside Stoa, and where a deleted post sends them. */
  backTo?: { href: string; label: string };
  /** The page's h1. */
  title?: string;
}

/** /post/{postId} (and, with its answers as `extra`, /question/{questionId}): one post with its comments. */
export default function PostPage({
  postId,
  extra,
  backTo = { href: '/streams', label: 'Back to Streams' },
  title = 'Post',
}: PostPageProps) {
  const source = useMemo(() => ({ kind: 'post' as const, postId }), [postId]);
  const { feed, callbacks } = useFeed(source);
  const loading = useSelector(feed, isFeedLoading);
  const failed = useSelector(feed, hasFeedFailed);
  const error = useSelector(feed, feedError);
  const post = useSelector(feed, firstPost);
  const keptAt = useSelector(feed, feedKeptAt);
  const profile = useSessionProfile();
  const [, navigate] = useLocation();
  const [reactions, setReactions] = useState<Post | null>(null);
  const onDeleted = useMemo(
    () => (id: string) => {
      callbacks.onDeleted(id);
      navigate(backTo.href);
    },
    [callbacks, navigate, backTo.href],
  );

  const page = (body: ReactNode) => (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <PageHeader title={title} back={backTo.href} />
      {body}
    </div>
  );

  if (loading) return page(<PostSkeletons count={1} label="Loading post" />);
  if (failed)
    return page(
      <LoadError title="Could not load this post" onRetry={() => feed.send({ type: 'feed.retry' })}>
        {error}
      </LoadError>,
    );
  if (!post)
    return page(
      <EmptyState
        title="This post is gone"
        text="It was deleted, or you can no longer see it."
        action={
          <Link href={backTo.href} className={buttonClasses({ variant: 'secondary' })}>
            {backTo.label}
          </Link>
        }
      />,
    );
  const me = commenterOf(profile);
  return page(
    <>
      {keptAt !== null ? <OfflineNotice savedAt={keptAt} /> : null}
      <PostCard
        post={post}
        viewerId={profile?._id ?? null}
        onReacted={callbacks.onReacted}
        onSaved={callbacks.onSaved}
        onPublished={callbacks.onPublished}
        onDeleted={onDeleted}
        onOpenComments={() => document.getElementById('comments')?.focus()}
        onOpenReactions={setReactions}
      />
      {extra ? extra(post, feed) : null}
      <section
        id="comments"
        tabIndex={-1}
        aria-label="Comments"
        className="rounded-3xl border border-neutral-200 bg-white outline-none dark:border-neutral-800 dark:bg-neutral-900"
      >
        <h2 className="px-5 pt-4 text-lg font-bold text-neutral-900 dark:text-white">Comments</h2>
        {me ? <CommentsPanel postId={post._id} me={me} onCount={callbacks.onCommentsCount} /> : null}
      </section>
      {reactions ? <ReactionsModal postId={reactions._id} onClose={() => setReactions(null)} /> : null}
    </>,
  );
}
