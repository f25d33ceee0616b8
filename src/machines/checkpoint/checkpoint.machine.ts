import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import type { MyAppeal } from '../../api/moderation';
import { failureStatus, failureText } from '../shared/failure';

export { CHECKPOINT_PAGES } from './checkpointPages';

export const STANDING_FAILED = 'Could not load your account status. Please try again.';

export type CheckpointEvent =
  | { type: 'checkpoint.retry' }
  /** The member's standing changed while the page is open (an admin decided the appeal): from the appeal watch. */
  | { type: 'checkpoint.standing'; standing: MyAppeal };

export interface CheckpointInput {
  /** Whether a session token is stored; without one there is nobody to look up. */
  hasToken: boolean;
}

export interface CheckpointContext extends CheckpointInput {
  /** The member's ban and latest appeal (GET /appeal), once loaded. */
  standing: MyAppeal | null;
  error: string | null;
  /** Where members may write for help (the server's SUPPORT_EMAIL), once known; null when none. */
  supportEmail: string | null;
}

/**
 * /checkpoint and /aarovel: where a banned member learns why, when, how their appeal stands (live:
 * an admin's decision arrives while the page is open), and whom to write to when the server says.
 * A visitor who is not signed in (no token, or the server does not know it) is sent to the sign-in
 * page; a member who is not banned (any more) is told so and may go on to the streams.
 */
export const checkpointMachine = setup({
  types: {
    context: {} as CheckpointContext,
    events: {} as CheckpointEvent,
    input: {} as CheckpointInput,
  },
  actors: {
    /** Effect: GET /appeal (banned members may call it). */
    fetchStanding: requiredPromise<MyAppeal>('fetchStanding'),
    /** Effect: GET /config's supportEmail (null when the server has none). */
    fetchSupportEmail: requiredPromise<string | null>('fetchSupportEmail'),
    /** Effect: the checkpoint socket; sends `checkpoint.standing` when an admin decides the appeal (and after a reconnect). */
    appealWatch: requiredCallback<CheckpointEvent>(),
  },
  actions: {
    /** Effect: wouter navigation, replacing the URL. */
    navigate: (_, _params: { to: string; replace?: boolean }) => {},
  },
  guards: {
    hasToken: ({ context }) => context.hasToken,
    isBanned: ({ event }) => (event as { output?: MyAppeal }).output?.ban != null,
    isStillBanned: ({ event }) => (event as { standing?: MyAppeal }).standing?.ban != null,
    isUnauthorized: ({ event }) => failureStatus((event as { error?: unknown }).error) === 401,
  },
}).createMachine({
  id: 'checkpoint',
  context: ({ input }) => ({ ...input, standing: null, error: null, supportEmail: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'hasToken', target: 'loading' }, { target: 'away' }],
    },
    loading: {
      invoke: {
        id: 'fetchStanding',
        src: 'fetchStanding',
        onDone: [
          { guard: 'isBanned', target: 'banned', actions: assign({ standing: ({ event }) => event.output }) },
          { target: 'notBanned', actions: assign({ standing: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'isUnauthorized', target: 'away' },
          { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, STANDING_FAILED) }) },
        ],
      },
    },
    /**
     * Banned: the appeal's answer arrives here live (still banned: rejected; lifted: approved), and
     * the support address is asked for once (none is shown when that fails).
     */
    banned: {
      invoke: { id: 'appealWatch', src: 'appealWatch' },
      on: {
        'checkpoint.standing': [
          { guard: 'isStillBanned', actions: assign({ standing: ({ event }) => event.standing }) },
          { target: 'notBanned', actions: assign({ standing: ({ event }) => event.standing }) },
        ],
      },
      initial: 'askingSupport',
      states: {
        askingSupport: {
          invoke: {
            id: 'fetchSupportEmail',
            src: 'fetchSupportEmail',
            onDone: { target: 'supportKnown', actions: assign({ supportEmail: ({ event }) => event.output }) },
            onError: { target: 'supportKnown' },
          },
        },
        /** The address, or null: the server has none, or could not say. */
        supportKnown: {},
      },
    },
    /** Not banned (the ban was lifted, perhaps by an approved appeal): the streams are open again. */
    notBanned: {},
    failed: {
      on: { 'checkpoint.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    /** Nobody signed in: the sign-in page. */
    away: {
      type: 'final',
      entry: { type: 'navigate', params: { to: '/', replace: true } },
    },
  },
});

export type CheckpointActorRef = ActorRefFrom<typeof checkpointMachine>;
export type CheckpointSnapshot = SnapshotFrom<typeof checkpointMachine>;
