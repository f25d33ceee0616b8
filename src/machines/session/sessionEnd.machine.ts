import { assign, setup } from 'xstate';
import { SESSION_FAILURE_LOGOUT_MS } from '../../api/constants';
import { requiredCallback } from '../shared/required';

export type SessionEndEvent =
  /** This session was ended from another device: the socket said so, or a request was refused with SESSION_ENDED_MESSAGE. */
  { type: 'sessionEnd.ended'; token: string };

interface SessionEndContext {
  /** The token of the session that ended, while its clearing waits; only that session is cleared. */
  ended: string | null;
}

/**
 * This session ended from another device (Settings > Where you are signed in; docs/client-account.md).
 * The member is told at once why; the session is cleared (stored token, kept data and outboxes
 * wiped) after SESSION_FAILURE_LOGOUT_MS, the spec's session-failure logout delay (1 s, section 9;
 * section 4: "If the check fails, after 1 second the stored session is cleared"), as the guard's
 * failed check is: the guard's own check refused with the ended-session message (a reload after
 * the session was ended, the recheck of a kept profile) is cleared after that second, never at
 * once. Told once: the socket and a request may both say so while it waits.
 */
export const sessionEndMachine = setup({
  types: { context: {} as SessionEndContext, events: {} as SessionEndEvent },
  actors: {
    /** Effect: `sessionEnd.ended` with the open session's token when the app's bus says this session ended, while a session is open. */
    endings: requiredCallback<SessionEndEvent>(),
  },
  actions: {
    /** Effect: the info toast SESSION_ENDED_MESSAGE. */
    tellMember: () => {},
    /**
     * Effect: `session.clear` to the session actor if the session open now is still the one that
     * ended (not one signed out meanwhile, nor a member signed in again); the guard then goes to sign-in.
     */
    clearSession: (_, _params: { token: string | null }) => {},
    keepEnded: assign({ ended: (_, params: { token: string }) => params.token }),
    forgetEnded: assign({ ended: null }),
  },
  delays: { SESSION_FAILURE_LOGOUT_MS },
}).createMachine({
  id: 'sessionEnd',
  context: { ended: null },
  invoke: { id: 'endings', src: 'endings' },
  initial: 'watching',
  states: {
    watching: {
      on: {
        'sessionEnd.ended': {
          target: 'ending',
          actions: [{ type: 'keepEnded', params: ({ event }) => ({ token: event.token }) }, 'tellMember'],
        },
      },
    },
    /** Told; the session is cleared after the spec's second. */
    ending: {
      after: {
        SESSION_FAILURE_LOGOUT_MS: {
          target: 'watching',
          actions: [{ type: 'clearSession', params: ({ context }) => ({ token: context.ended }) }, 'forgetEnded'],
        },
      },
    },
  },
});
