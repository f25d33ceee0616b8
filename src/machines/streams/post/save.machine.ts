import { assign, setup, type ActorRefFrom } from 'xstate';
import { requiredPromise } from '../../shared/required';
import type { FavPostToggle } from '../../../api/posts';
import { failureText } from '../../shared/failure';
import type { ToastRequest } from '../../shell/toastRequest';

export type SaveEvent = { type: 'save.toggle' };

export interface SaveContext {
  postId: string;
  /** What the member sees (optimistic). */
  saved: boolean;
  /** What the server last said. */
  confirmed: boolean;
}

export const SAVE_FAILED = 'Could not update your saved posts. Please try again.';

/**
 * Saving a post (POST /favpost toggles): flipped at once on screen, put back with the server's
 * message when the call fails; the server's answer decides.
 */
export const saveMachine = setup({
  types: {
    context: {} as SaveContext,
    events: {} as SaveEvent,
    input: {} as { postId: string; saved: boolean },
  },
  actors: {
    toggleSaved: requiredPromise<FavPostToggle, { postId: string }>('toggleSaved'),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    /** Effect: the list learns the post's saved state (the saved list drops or adds it). */
    changed: (_, _params: { saved: boolean }) => {},
  },
}).createMachine({
  id: 'save',
  context: ({ input }) => ({ postId: input.postId, saved: input.saved, confirmed: input.saved }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'save.toggle': { target: 'saving', actions: assign({ saved: ({ context }) => !context.saved }) } },
    },
    saving: {
      invoke: {
        id: 'toggleSaved',
        src: 'toggleSaved',
        input: ({ context }) => ({ postId: context.postId }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ saved: ({ event }) => event.output.saved, confirmed: ({ event }) => event.output.saved }),
            { type: 'changed', params: ({ event }) => ({ saved: event.output.saved }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ saved: ({ context }) => context.confirmed }),
            { type: 'showToast', params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, SAVE_FAILED) }) },
          ],
        },
      },
    },
  },
});

export type SaveActorRef = ActorRefFrom<typeof saveMachine>;
