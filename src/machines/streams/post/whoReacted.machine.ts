import { assign, setup } from 'xstate';
import { requiredPromise } from '../../shared/required';
import type { ReactionType } from '../../../api/constants';
import type { ReactionsList } from '../../../api/posts';
import { failureText } from '../../shared/failure';

export type WhoReactedEvent = { type: 'whoReacted.retry' } | { type: 'whoReacted.tab'; tab: ReactionType | 'all' };

export interface WhoReactedContext {
  postId: string;
  list: ReactionsList | null;
  tab: ReactionType | 'all';
  error: string | null;
}

export const WHO_REACTED_FAILED = 'Could not load the reactions. Please try again.';

/** The reactions modal: who reacted to a post, one tab per reaction type. */
export const whoReactedMachine = setup({
  types: { context: {} as WhoReactedContext, events: {} as WhoReactedEvent, input: {} as { postId: string } },
  actors: {
    fetchReactions: requiredPromise<ReactionsList, { postId: string }>('fetchReactions'),
  },
}).createMachine({
  id: 'whoReacted',
  context: ({ input }) => ({ postId: input.postId, list: null, tab: 'all', error: null }),
  initial: 'loading',
  on: { 'whoReacted.tab': { actions: assign({ tab: ({ event }) => event.tab }) } },
  states: {
    loading: {
      invoke: {
        id: 'fetchReactions',
        src: 'fetchReactions',
        input: ({ context }) => ({ postId: context.postId }),
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, WHO_REACTED_FAILED) }) },
      },
    },
    ready: {},
    failed: { on: { 'whoReacted.retry': 'loading' } },
  },
});
