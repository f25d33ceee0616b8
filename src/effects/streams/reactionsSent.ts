import type { FeedPage } from '../../machines/streams/feed.machine';
import type { ReactionChange } from '../../api/posts';
import type { OutboxActorRef } from '../../machines/offline/outbox.machine';
import { shiftReaction } from '../../machines/streams/postList';

/** What the outbox brought for a post: the server's answer, or `null` for a removal that found none (a 404: no reaction is left). */
type Answer = { at: number; change: ReactionChange | null };

/** A page being read: what it takes of the answers that came since it was asked for, and its end (taken or failed). */
export interface AskedPage {
  take: (page: FeedPage) => FeedPage;
  end: () => void;
}

/**
 * The reaction answers the outbox brought in this tab (docs/client-offline.md, "Reactions"), by
 * post, with when they came. Coming back online, a list showing its kept copy reloads page 1 while
 * the outbox sends: a page read before the wish was stored would show the post without it, and the
 * card that heard the answer is gone (the list reloads). So a page takes the answers that came
 * after it was asked for. A removal the server answered 404 (no reaction left, its counts not
 * told) takes the member's reaction off the page's post and its count.
 *
 * Only the pages being read need the answers: the outbox is listened to while one is, and an answer
 * is dropped as soon as no page asked before it is still being read (nothing kept, nothing listened
 * to, between reads).
 */
export function reactionsSent(outbox: Pick<OutboxActorRef, 'on'> | undefined) {
  const answers = new Map<string, Answer>();
  const reading = new Set<{ askedAt: number }>();
  let subscription: { unsubscribe: () => void } | null = null;

  const prune = () => {
    if (reading.size === 0) {
      subscription?.unsubscribe();
      subscription = null;
      answers.clear();
      return;
    }
    const oldest = Math.min(...[...reading].map((asked) => asked.askedAt));
    for (const [postId, answer] of answers) if (answer.at < oldest) answers.delete(postId);
  };

  const apply = (page: FeedPage, askedAt: number): FeedPage => {
    if (![...answers.values()].some((answer) => answer.at >= askedAt)) return page;
    const posts = page.posts.map((post) => {
      const answer = answers.get(post._id);
      if (!answer || answer.at < askedAt) return post;
      if (answer.change) return { ...post, reactions: answer.change.reactions, userReaction: answer.change.userReaction };
      return { ...post, reactions: shiftReaction(post.reactions, post.userReaction, null), userReaction: null };
    });
    return { ...page, posts };
  };

  return {
    /** Called as a page is asked for; its `take` applies what came meanwhile, `end` (also after a failed read) lets go. */
    ask(): AskedPage {
      const asked = { askedAt: Date.now() };
      reading.add(asked);
      subscription ??=
        outbox?.on('outbox.sent', ({ item, result }) => {
          if (item.kind !== 'reaction') return;
          // A removal answered 404 brings no counts (`sendItem`); a refused wish is never `sent`.
          if (result || item.payload.reaction === null)
            answers.set(item.payload.postId, { at: Date.now(), change: (result as ReactionChange | null) ?? null });
        }) ?? null;
      const end = () => {
        if (reading.delete(asked)) prune();
      };
      return {
        take: (page) => {
          const taken = apply(page, asked.askedAt);
          end();
          return taken;
        },
        end,
      };
    },
    /** How many answers are kept now (they go once no page that needs them is read). */
    get size() {
      return answers.size;
    },
  };
}

export type ReactionsSent = ReturnType<typeof reactionsSent>;
