import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ReactionType } from '../../../api/constants';
import type { PostReactions } from '../../../api/posts';
import { outboxReactionFor, type ReactionOutboxItem } from '../../../machines/offline/outbox.connect';
import type { ReactionsActorRef } from '../../../machines/streams/post/reactions.machine';
import { useAppChild } from '../../AppContext';

/**
 * A card's reaction and the member's wish waiting in the outbox for its post (docs/client-offline.md,
 * "Reactions"): a wish waiting (or being sent) wins over the server's, also after a reload offline;
 * a refused one shows the server's again beside its reason. The card's reactions machine is kept in
 * step with it (`reaction.wish`), and takes the server's answer when the outbox sends it
 * (`reaction.sent`, which moves the list's counts as its own answer would).
 */
export function useReactionWish(
  reactions: ReactionsActorRef,
  postId: string,
  mine: ReactionType | null,
  confirmed: ReactionType | null,
): { shown: ReactionType | null; wish: ReactionOutboxItem | undefined } {
  const outbox = useAppChild('outbox');
  const wish = useSelector(outbox, (s) => outboxReactionFor(s, postId));
  const wanted = wish ? (wish.state === 'failed' ? confirmed : wish.payload.reaction) : undefined;

  useEffect(() => {
    if (wanted !== undefined && wanted !== mine) reactions.send({ type: 'reaction.wish', reaction: wanted });
  }, [reactions, wanted, mine]);

  useEffect(() => {
    const subscription = outbox.on('outbox.sent', ({ item, result }) => {
      if (item.kind !== 'reaction' || item.payload.postId !== postId) return;
      if (result) reactions.send({ type: 'reaction.sent', change: result as PostReactions });
      // A 404 to a removal answers no counts (no reaction is left): the card reads the server's again.
      else if (item.payload.reaction === null) reactions.send({ type: 'reaction.gone' });
    });
    return () => subscription.unsubscribe();
  }, [outbox, reactions, postId]);

  return { shown: wanted === undefined ? mine : wanted, wish };
}
