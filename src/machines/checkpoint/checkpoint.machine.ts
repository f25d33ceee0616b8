import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import type { MyAppeal } from '../../api/moderation';
import { failureStatus, failureText } from '../shared/failure';

export { CHECKPOINT_PAGES } from './checkpointPages';

export const STANDING_FAILED = 'Could not load your account status. Please try again.';

export type CheckpointEvent = { type: 'checkpoint.retry' };

export interface CheckpointInput {
  /** Whether a session token is stored; without one there is nobody to look up. */
  hasToken: boolean;
}

export interface CheckpointContext extends CheckpointInput {
  /** The member's ban and latest appeal (GET /appeal), once loaded. */
  standing: MyAppeal | null;
  error: string | null;
}

/**
 * /checkpoint and /aarovel: where a banned member learns why, when, and how their appeal stands.
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
  },
  actions: {
    /** Effect: wouter navigation, replacing the URL. */
    navigate: (_, _params: { to: string; replace?: boolean }) => {},
  },
  guards: {
    hasToken: ({ context }) => context.hasToken,
    isBanned: ({ event }) => (event as { output?: MyAppeal }).output?.ban != null,
    isUnauthorized: ({ event }) => failureStatus((event as { error?: unknown }).error) === 401,
  },
}).createMachine({
  id: 'checkpoint',
  context: ({ input }) => ({ ...input, standing: null, error: null }),
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
    banned: {},
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
