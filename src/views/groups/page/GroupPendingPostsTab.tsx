import { useSelector } from '@xstate/react';
import { Check, X } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import type { Post } from '../../../api/posts';
import type { GroupActorRef } from '../../../machines/groups/group.machine';
import {
  canReviewPosts,
  selectBusy,
  selectGroupId,
  selectIsGroupAdmin,
  selectRunning,
  selectTarget,
} from '../../../machines/groups/group.connect';
import { Button } from '../../ui/Button';
import { LoadError } from '../../ui/LoadError';
import { EmptyState } from '../../streams/PageParts';
import { PostCard } from '../../streams/post/PostCard';
import { PostSkeletons } from '../../streams/post/PostSkeleton';
import { usePostOverlays } from '../../streams/post/postOverlays';
import { useFeed } from '../../streams/useFeed';
import {
  feedError,
  feedPosts,
  hasFeedFailed,
  hasMorePosts,
  isFeedLoading,
  isLoadingMorePosts,
} from '../../../machines/streams/feed.connect';

/**
 * Posts waiting for review: a group admin sees every one with Accept / Decline; a member sees
 * their own. A short list, so not virtualised (the Posts tab is).
 */
export function GroupPendingPostsTab({ actor }: { actor: GroupActorRef }) {
  const groupId = useSelector(actor, selectGroupId);
  const isAdmin = useSelector(actor, selectIsGroupAdmin);
  const reviews = useSelector(actor, canReviewPosts);
  const source = useMemo(() => ({ kind: 'groupPending' as const, groupId }), [groupId]);
  const { feed, callbacks } = useFeed(source);
  const posts = useSelector(feed, feedPosts);
  const loading = useSelector(feed, isFeedLoading);
  const failed = useSelector(feed, hasFeedFailed);
  const error = useSelector(feed, feedError);
  const hasMore = useSelector(feed, hasMorePosts);
  const loadingMore = useSelector(feed, isLoadingMorePosts);
  const { cardProps, overlays } = usePostOverlays(callbacks);

  // An accepted or declined post leaves the queue (it no longer belongs to it).
  useEffect(() => {
    const decided = actor.on('postDecided', ({ post }) => feed.send({ type: 'feed.postUpdated', post }));
    return () => decided.unsubscribe();
  }, [actor, feed]);

  if (loading) return <PostSkeletons count={2} label="Loading pending posts" />;
  if (failed)
    return (
      <LoadError title="Could not load pending posts" onRetry={() => feed.send({ type: 'feed.retry' })}>
        {error}
      </LoadError>
    );
  if (posts.length === 0)
    return (
      <EmptyState
        title="No posts waiting"
        text={
          isAdmin
            ? 'Posts members send to the group wait here until you accept or decline them.'
            : 'Your posts wait here until a group admin accepts them.'
        }
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Pending posts" className="flex flex-col gap-4">
        {posts.map((post) => (
          <li key={post._id} className="flex flex-col gap-2">
            <PostCard post={post} {...cardProps} />
            {reviews ? <Decision actor={actor} post={post} /> : null}
          </li>
        ))}
      </ul>
      {hasMore ? (
        <Button variant="secondary" className="self-center" isDisabled={loadingMore} onPress={() => feed.send({ type: 'feed.loadMore' })}>
          {loadingMore ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
      {overlays}
    </div>
  );
}

function Decision({ actor, post }: { actor: GroupActorRef; post: Post }) {
  const busy = useSelector(actor, selectBusy);
  const running = useSelector(actor, selectRunning);
  const mine = useSelector(actor, selectTarget) === post._id;
  return (
    <div role="group" aria-label={`Review the post by ${post.username}`} className="flex justify-end gap-2">
      <Button
        size="sm"
        variant="secondary"
        icon={<X size={16} />}
        isDisabled={busy}
        onPress={() => actor.send({ type: 'group.declinePost', postId: post._id })}
      >
        {mine && running === 'decliningPost' ? 'Declining...' : 'Decline'}
      </Button>
      <Button
        size="sm"
        icon={<Check size={16} />}
        isDisabled={busy}
        onPress={() => actor.send({ type: 'group.acceptPost', postId: post._id })}
      >
        {mine && running === 'acceptingPost' ? 'Accepting...' : 'Accept'}
      </Button>
    </div>
  );
}
