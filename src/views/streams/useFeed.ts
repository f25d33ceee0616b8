import { useCallback, useMemo } from 'react';
import type { Post, PostReactions } from '../../api/posts';
import type { FeedOrder } from '../../api/posts/forYou';
import type { FeedSource } from '../../machines/streams/feed.machine';
import { useStreamsLogic } from './StreamsLogic';
import { useScreenActor } from '../shared/useScreenActor';

/** Starts a list machine for a source and gives the callbacks the cards and the composer need. */
export function useFeed(source: FeedSource, order: FeedOrder | null = null) {
  const logic = useStreamsLogic();
  const feed = useScreenActor(logic.feed, { input: { source, order } });
  const callbacks = useMemo(
    () => ({
      onPublished: (post: Post) => feed.send({ type: 'feed.published', post }),
      onDeleted: (postId: string) => feed.send({ type: 'feed.deleted', postId }),
      onReacted: (change: PostReactions) =>
        feed.send({ type: 'feed.reacted', postId: change.postId, reactions: change.reactions, userReaction: change.userReaction }),
      onSaved: (post: Post, saved: boolean) => feed.send({ type: 'feed.saved', post, saved }),
      onCommentsCount: (postId: string, commentsCount: number) => feed.send({ type: 'feed.commentsCount', postId, commentsCount }),
      onWhy: (postId: string) => feed.send({ type: 'feed.why', postId }),
    }),
    [feed],
  );
  const retry = useCallback(() => feed.send({ type: 'feed.retry' }), [feed]);
  // The pages read the list through feed.connect's selectors, each re-rendering only for its own part.
  return { feed, callbacks, retry };
}
