import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import type { AccountSession, AccountSessionsResponse, EndOtherSessionsResponse, EndSessionResponse } from '../../api/account/sessions';
import { failureStatus, failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

export type SessionsEvent =
  | { type: 'sessions.retry' }
  /** End one session of the member's (not the current one). */
  | { type: 'sessions.end'; sessionId: string }
  /** End every session but the current one. */
  | { type: 'sessions.endOthers' };

export interface SessionsContext {
  sessions: AccountSession[];
  /** Why the list could not be read. */
  error: string | null;
  /** The session being ended, while its request runs. */
  ending: string | null;
}

export const SESSIONS_FAILED = 'Could not load where you are signed in. Please try again.';
export const END_FAILED = 'Could not end that session. Please try again.';
export const END_OTHERS_FAILED = 'Could not sign out your other sessions. Please try again.';

type Failure = { error: unknown };
const errorOf = (event: unknown) => (event as Failure).error;

/**
 * Settings > Where you are signed in: the member's sessions (the current one marked), ending one
 * or every other one. One request at a time; a row leaves the list when the server confirms (or
 * answers that the session is already gone). Ending the current session is sign-out, elsewhere:
 * when another device ends it, the app goes to sign-in (docs/client-account.md).
 */
export const sessionsMachine = setup({
  types: { context: {} as SessionsContext, events: {} as SessionsEvent },
  actors: {
    /** Effect: GET /account/sessions. */
    fetchSessions: requiredPromise<AccountSessionsResponse, void>('fetchSessions'),
    /** Effect: DELETE /account/sessions/{sessionId}. */
    endSession: requiredPromise<EndSessionResponse, { sessionId: string }>('endSession'),
    /** Effect: DELETE /account/sessions/others. */
    endOtherSessions: requiredPromise<EndOtherSessionsResponse, void>('endOtherSessions'),
  },
  actions: {
    /** Effect: a toast through the toast queue. */
    showToast: (_, _toast: ToastRequest) => {},
    setSessions: assign(({ event }) => ({
      sessions: (event as unknown as { output: AccountSessionsResponse }).output.sessions,
      error: null,
    })),
    dropEnding: assign(({ context }) => ({ sessions: context.sessions.filter((s) => s._id !== context.ending) })),
    keepCurrent: assign(({ context }) => ({ sessions: context.sessions.filter((s) => s.current) })),
    clearEnding: assign({ ending: null }),
  },
  guards: {
    /** A listed session other than the current one. */
    canEnd: ({ context, event }) => event.type === 'sessions.end' && context.sessions.some((s) => s._id === event.sessionId && !s.current),
    hasOthers: ({ context }) => context.sessions.some((s) => !s.current),
    /** 404: the session had already ended (elsewhere, or it expired). */
    alreadyGone: ({ event }) => failureStatus(errorOf(event)) === 404,
  },
}).createMachine({
  id: 'sessions',
  context: { sessions: [], error: null, ending: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchSessions',
        src: 'fetchSessions',
        onDone: { target: 'loaded', actions: 'setSessions' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, SESSIONS_FAILED) }) },
      },
    },
    failed: {
      on: { 'sessions.retry': 'loading' },
    },
    loaded: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'sessions.end': {
              guard: 'canEnd',
              target: 'ending',
              actions: assign({ ending: ({ event }) => event.sessionId }),
            },
            'sessions.endOthers': { guard: 'hasOthers', target: 'endingOthers' },
          },
        },
        ending: {
          invoke: {
            id: 'endSession',
            src: 'endSession',
            input: ({ context }) => ({ sessionId: context.ending ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                'dropEnding',
                'clearEnding',
                { type: 'showToast', params: ({ event }) => ({ type: 'success', description: event.output.message }) },
              ],
            },
            onError: [
              {
                guard: 'alreadyGone',
                target: 'idle',
                actions: [
                  'dropEnding',
                  'clearEnding',
                  { type: 'showToast', params: ({ event }) => ({ type: 'info', description: failureText(event.error, END_FAILED) }) },
                ],
              },
              {
                target: 'idle',
                actions: [
                  'clearEnding',
                  { type: 'showToast', params: ({ event }) => ({ type: 'error', description: failureText(event.error, END_FAILED) }) },
                ],
              },
            ],
          },
        },
        endingOthers: {
          invoke: {
            id: 'endOtherSessions',
            src: 'endOtherSessions',
            onDone: {
              target: 'idle',
              actions: [
                'keepCurrent',
                { type: 'showToast', params: ({ event }) => ({ type: 'success', description: event.output.message }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'showToast',
                params: ({ event }) => ({ type: 'error', description: failureText(event.error, END_OTHERS_FAILED) }),
              },
            },
          },
        },
      },
    },
  },
});

export type SessionsActorRef = ActorRefFrom<typeof sessionsMachine>;
export type SessionsSnapshot = SnapshotFrom<typeof sessionsMachine>;
