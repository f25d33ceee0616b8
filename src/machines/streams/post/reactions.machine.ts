import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../../shared/required';
import type { ReactionType } from '../../../api/constants';
import type { PostReactions, ReactionChange } from '../../../api/posts';
import { failureText } from '../../shared/failure';
import type { ToastRequest } from '../../shell/toastRequest';
import { goesToOutbox } from '../../offline/outbox.handoff';
import { reactionClientId, type OutboxHandOff } from '../../offline/outbox.types';

export type ReactionsEvent =
  /** The member picks a reaction; picking the one they have removes it. */
  | { type: 'reaction.choose'; reaction: ReactionType }
  | { type: 'reaction.remove' }
  /**
   * The outbox holds the member's wish for this post (kept across a reload, or changed in another
   * tab): it is what they see. A refused wish shows the server's (`confirmed`) again.
   */
  | { type: 'reaction.wish'; reaction: ReactionType | null }
  /** The outbox sent the wish: the server's answer, as a send of this machine would bring it. */
  | { type: 'reaction.sent'; change: PostReactions }
  /**
   * The outbox's removal found no reaction (a 404: an earlier one went through, its answer lost): it
   * brought no counts, so the card reads the post's reaction and counts from the server again.
   */
  | { type: 'reaction.gone' };

export interface ReactionsContext {
  postId: string;
  /** What the member sees as their reaction now (optimistic). */
  mine: ReactionType | null;
  /** What the server last confirmed. The counts shown are the server's, moved from this to `mine`. */
  confirmed: ReactionType | null;
  /** The member changed their mind while a request was out: send again when it returns. */
  queued: boolean;
}

export const REACTION_FAILED = 'Could not save your reaction. Please try again.';

/**
 * The member's reaction on one post: one per member per post, added, changed or removed at
 * once on screen (optimistic) and sent to the server. A refusal puts back what the server last
 * confirmed and shows the server's message; an answer brings the server's counts, which win.
 * A send that finds no server (or goes behind a waiting send of the member's) hands the wish to the
 * outbox (docs/client-offline.md, "Reactions") and the member's choice stays on screen.
 */
export const reactionsMachine = setup({
  types: {
    context: {} as ReactionsContext,
    events: {} as ReactionsEvent,
    input: {} as { postId: string; mine: ReactionType | null },
  },
  actors: {
    /** Effect: POST /post/reaction, or DELETE /post/reaction/{postId} when `reaction` is null. */
    sendReaction: requiredPromise<ReactionChange, { postId: string; reaction: ReactionType | null }>('sendReaction'),
    /** Effect: GET the post, its counts and the member's reaction as a send's answer brings them. */
    readReaction: requiredPromise<PostReactions, { postId: string }>('readReaction'),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    /** Effect: the wish waits in the member's outbox, one item per post (a newer wish replaces it). */
    toOutbox: (_, _handOff: OutboxHandOff) => {},
    /** Effect: the list takes the server's counts and the member's reaction. */
    confirmed: (_, _change: PostReactions) => {},
    choose: assign(({ context, event }) => {
      const next = event.type === 'reaction.choose' && event.reaction !== context.mine ? event.reaction : null;
      return { mine: next };
    }),
  },
  guards: {
    goesToOutbox: ({ event }) => goesToOutbox((event as { error?: unknown }).error),
    changes: ({ context, event }) => (event.type === 'reaction.choose' ? true : context.mine !== null),
    queuedDiffers: ({ context, event }) =>
      context.queued && context.mine !== (event as unknown as { output: PostReactions }).output.userReaction,
  },
}).createMachine({
  id: 'reactions',
  context: ({ input }) => ({ postId: input.postId, mine: input.mine, confirmed: input.mine, queued: false }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'reaction.choose': { target: 'saving', actions: 'choose' },
        'reaction.remove': { guard: 'changes', target: 'saving', actions: 'choose' },
        'reaction.wish': { actions: assign({ mine: ({ event }) => event.reaction }) },
        'reaction.sent': {
          actions: [
            assign({ confirmed: ({ event }) => event.change.userReaction, mine: ({ event }) => event.change.userReaction }),
            { type: 'confirmed', params: ({ event }) => event.change },
          ],
        },
        'reaction.gone': 'reading',
      },
    },
    // The server's counts read again after a removal that brought none; a choice meanwhile is sent at once (its answer brings them).
    reading: {
      invoke: {
        id: 'readReaction',
        src: 'readReaction',
        input: ({ context }) => ({ postId: context.postId }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ confirmed: ({ event }) => event.output.userReaction, mine: ({ event }) => event.output.userReaction }),
            { type: 'confirmed', params: ({ event }) => event.output },
          ],
        },
        // Not read (offline again, the post gone): the card stays as it is.
        onError: 'idle',
      },
      on: {
        'reaction.choose': { target: 'saving', actions: 'choose' },
        'reaction.remove': { guard: 'changes', target: 'saving', actions: 'choose' },
        'reaction.wish': { actions: assign({ mine: ({ event }) => event.reaction }) },
        'reaction.sent': {
          target: 'idle',
          actions: [
            assign({ confirmed: ({ event }) => event.change.userReaction, mine: ({ event }) => event.change.userReaction }),
            { type: 'confirmed', params: ({ event }) => event.change },
          ],
        },
      },
    },
    saving: {
      invoke: {
        id: 'sendReaction',
        src: 'sendReaction',
        input: ({ context }) => ({ postId: context.postId, reaction: context.mine }),
        onDone: [
          {
            guard: 'queuedDiffers',
            target: 'saving',
            reenter: true,
            actions: [
              assign({ confirmed: ({ event }) => event.output.userReaction, queued: false }),
              { type: 'confirmed', params: ({ event }) => event.output },
            ],
          },
          {
            target: 'idle',
            actions: [
              assign({
                confirmed: ({ event }) => event.output.userReaction,
                mine: ({ event }) => event.output.userReaction,
                queued: false,
              }),
              { type: 'confirmed', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: [
          {
            guard: 'goesToOutbox',
            target: 'idle',
            actions: [
              {
                type: 'toOutbox',
                params: ({ context }) => ({
                  kind: 'reaction' as const,
                  clientId: reactionClientId(context.postId),
                  payload: { postId: context.postId, reaction: context.mine },
                }),
              },
              assign({ queued: false }),
            ],
          },
          {
            target: 'idle',
            actions: [
              assign({ mine: ({ context }) => context.confirmed, queued: false }),
              {
                type: 'showToast',
                params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, REACTION_FAILED) }),
              },
            ],
          },
        ],
      },
      on: {
        'reaction.choose': { actions: ['choose', assign({ queued: true })] },
        'reaction.remove': { guard: 'changes', actions: ['choose', assign({ queued: true })] },
        // The outbox sent an earlier wish: its counts are the server's; the member's latest choice stays.
        'reaction.sent': {
          actions: [
            assign({ confirmed: ({ event }) => event.change.userReaction }),
            { type: 'confirmed', params: ({ event }) => event.change },
          ],
        },
      },
    },
  },
});

export type ReactionsActorRef = ActorRefFrom<typeof reactionsMachine>;
export type ReactionsSnapshot = SnapshotFrom<typeof reactionsMachine>;
