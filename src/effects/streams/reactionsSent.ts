import type { FeedPage } from '../../machines/streams/feed.machine';
import type { ReactionChange } from '../../api/posts';
import type { OutboxActorRef } from '../../machines/offline/outbox.machine';

/**
 * The reaction answers the outbox brought in this tab (docs/client-offline.md, "Reactions"), by
 * post, with when they came. Coming back online, a list showing its kept copy reloads page 1 while
 * the outbox sends: a page read before the wish was stored would show the post without it, and the
 * card that heard the answer is gone (the list reloads). So a page takes the answers that came
 * after it was asked for.
 */
export function reactionsSent(outbox: Pick<OutboxActorRef, 'on'> | undefined) {
  const answers = new Map<string, { at: number; change: ReactionChange }>();
  outbox?.on('outbox.sent', ({ item, result }) => {
    if (item.kind === 'reaction' && result) answers.set(item.payload.postId, { at: Date.now(), change: result as ReactionChange });
  });
  return (page: FeedPage, askedAt: number): FeedPage => {
    if (![...answers.values()].some((answer) => answer.at >= askedAt)) return page;
    const posts = page.posts.map((post) => {
      const answer = answers.get(post._id);
      return answer && answer.at >= askedAt
        ? { ...post, reactions: answer.change.reactions, userReaction: answer.change.userReaction }
        : post;
    });
    return { ...page, posts };
  };
}
