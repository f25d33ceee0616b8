import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../../shared/required';
import type { BlockResponse, FollowResponse } from '../../../api/users/follows';
import { failureText } from '../../shared/failure';
import { reportMachine } from '../../moderation/report.machine';
import type { ToastRequest } from '../../shell/toastRequest';

export type AuthorEvent =
  /** Follow or unfollow; `following` is what the list shows now (the post's `followingAuthor`). */
  | { type: 'author.toggleFollow'; following: boolean }
  /** Block: asks first (the confirm dialog). */
  | { type: 'author.askBlock' }
  | { type: 'author.cancelBlock' }
  | { type: 'author.confirmBlock' }
  /** Report the post this menu belongs to (a dialog: the reportForm child). */
  | { type: 'author.report' };

export interface AuthorContext {
  userId: string;
  username: string;
  /** The post whose menu this is; null on a person's row (nothing to report there). */
  postId: string | null;
  /** While a follow change is out: what the member asked for (shown at once). */
  following: boolean;
}

export const FOLLOW_FAILED = 'Could not change whom you follow. Please try again.';
export const BLOCK_FAILED = 'Could not block this member. Please try again.';

/**
 * The author menu of another member's post card: follow / unfollow at once on screen
 * (optimistic; the list keeps the confirmed value in each post's `followingAuthor`, so a refusal
 * simply shows it again, with the server's message), and block after a confirmation. Both
 * outcomes are announced (`followChanged`, `blocked`) so every list on screen follows.
 */
export const authorMachine = setup({
  types: {
    context: {} as AuthorContext,
    events: {} as AuthorEvent,
    input: {} as { userId: string; username: string; postId?: string },
  },
  actors: {
    /** The report dialog of the post (POST /reportpost). */
    reportForm: reportMachine,
    /** Effect: PUT /user/follow/{id} or /user/unfollow/{id}. */
    changeFollow: requiredPromise<FollowResponse, { userId: string; follow: boolean }>('changeFollow'),
    /** Effect: PUT /user/block/{id}. */
    blockMember: requiredPromise<BlockResponse, { userId: string }>('blockMember'),
  },
  guards: {
    aboutAPost: ({ context }) => context.postId !== null,
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    /** Effect: every list marks the author's posts as followed or not. */
    followChanged: (_, _change: { userId: string; following: boolean }) => {},
    /** Effect: every list drops the author's posts. */
    blocked: (_, _change: { userId: string }) => {},
  },
}).createMachine({
  id: 'author',
  context: ({ input }) => ({ userId: input.userId, username: input.username, postId: input.postId ?? null, following: false }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'author.toggleFollow': { target: 'changingFollow', actions: assign({ following: ({ event }) => !event.following }) },
        'author.askBlock': { target: 'confirmingBlock' },
        'author.report': { guard: 'aboutAPost', target: 'reporting' },
      },
    },
    reporting: {
      invoke: {
        id: 'reportForm',
        src: 'reportForm',
        input: ({ context }) => ({ subject: { kind: 'post' as const, postId: context.postId! }, username: context.username }),
        // Sent or cancelled, the dialog closes (its thanks come from the report machine).
        onDone: 'idle',
      },
    },
    changingFollow: {
      invoke: {
        id: 'changeFollow',
        src: 'changeFollow',
        input: ({ context }) => ({ userId: context.userId, follow: context.following }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ following: ({ event }) => event.output.following }),
            { type: 'followChanged', params: ({ context, event }) => ({ userId: context.userId, following: event.output.following }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ following: ({ context }) => !context.following }),
            {
              type: 'showToast',
              params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, FOLLOW_FAILED) }),
            },
          ],
        },
      },
    },
    confirmingBlock: {
      on: {
        'author.cancelBlock': { target: 'idle' },
        'author.confirmBlock': { target: 'blocking' },
      },
    },
    blocking: {
      invoke: {
        id: 'blockMember',
        src: 'blockMember',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'blocked', params: ({ context }) => ({ userId: context.userId }) },
            { type: 'showToast', params: ({ context }) => ({ type: 'success' as const, description: `You blocked ${context.username}` }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'showToast',
            params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, BLOCK_FAILED) }),
          },
        },
      },
    },
  },
});

export type AuthorActorRef = ActorRefFrom<typeof authorMachine>;
export type AuthorSnapshot = SnapshotFrom<typeof authorMachine>;
