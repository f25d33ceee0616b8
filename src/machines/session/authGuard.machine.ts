import { assign, setup } from 'xstate';
import { requiredPromise } from '../shared/required';
import type { AuthResponse, User } from '../../api/auth';
import { BANNED_MESSAGE, SESSION_FAILURE_LOGOUT_MS } from '../../api/constants';
import { failureStatus, failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

export type GuardArea = 'member' | 'admin';

export interface AuthGuardInput {
  area: GuardArea;
  /** Whether the session holds a token; without one there is nothing to check. */
  hasToken: boolean;
}

/** The view tells the guard when the session it let in has ended (sign-out elsewhere, a cleared token). */
export type AuthGuardEvent = { type: 'guard.sessionEnded' };

export interface AuthGuardContext extends AuthGuardInput {
  user: User | null;
}

/** Where a banned member is sent from either area. */
export const CHECKPOINT = '/checkpoint';

/** Where a visitor who may not enter the area is sent. */
export const guardHome = (area: GuardArea) => (area === 'admin' ? '/admin/signin' : '/');

/**
 * The door of the member area (/app/social) and of the admin area (/admin). On load it asks
 * the server who the stored token belongs to (GET /currentuser), then lets the member in,
 * turns a banned member away with the banned message to the checkpoint (keeping the session,
 * which the checkpoint and the appeal need), sends an unknown visitor home, and,
 * when the check itself fails, waits SESSION_FAILURE_LOGOUT_MS before signing out.
 * The session, toasts and navigation are reached through injected actions.
 */
export const authGuardMachine = setup({
  types: {
    context: {} as AuthGuardContext,
    events: {} as AuthGuardEvent,
    input: {} as AuthGuardInput,
  },
  actors: {
    /** Effect: GET /currentuser with the stored token. */
    currentUser: requiredPromise<AuthResponse>('currentUser'),
  },
  actions: {
    /** Effect: `session.login` to the session actor (the user, the fresh token). */
    login: (_, _params: { token: string; user: User }) => {},
    /** Effect: `session.clear` to the session actor. */
    clearSession: () => {},
    /** Effect: `session.logout` to the session actor (GET /signout, then clear). */
    logoutSession: () => {},
    /** Effect: a toast through the toast queue. */
    showToast: (_, _params: ToastRequest) => {},
    /** Effect: wouter navigation, replacing the guarded URL. */
    navigate: (_, _params: { to: string; replace?: boolean }) => {},
  },
  guards: {
    hasToken: ({ context }) => context.hasToken,
    isBanned: ({ event }) => (event as { output?: AuthResponse }).output?.user.isBanned === true,
    lacksAdminRole: ({ context, event }) => context.area === 'admin' && (event as { output?: AuthResponse }).output?.user.role !== 'ADMIN',
    /** A 403 carrying the banned message: the server refused a banned token. */
    isBannedFailure: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return failureStatus(error) === 403 && failureText(error, '') === BANNED_MESSAGE;
    },
    isUnauthorized: ({ event }) => {
      const status = failureStatus((event as { error?: unknown }).error);
      return status === 401 || status === 403;
    },
  },
  delays: { SESSION_FAILURE_LOGOUT_MS },
}).createMachine({
  id: 'authGuard',
  context: ({ input }) => ({ ...input, user: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'hasToken', target: 'checking' }, { target: 'unauthenticated' }],
    },
    checking: {
      invoke: {
        id: 'currentUser',
        src: 'currentUser',
        onDone: [
          {
            guard: 'isBanned',
            target: 'banned',
            // The session stays (as `banned`): the checkpoint reads the ban and the appeal with it.
            actions: [
              assign({ user: ({ event }) => event.output.user }),
              { type: 'login', params: ({ event }) => ({ token: event.output.token, user: event.output.user }) },
            ],
          },
          {
            guard: 'lacksAdminRole',
            target: 'forbidden',
            actions: [
              assign({ user: ({ event }) => event.output.user }),
              { type: 'login', params: ({ event }) => ({ token: event.output.token, user: event.output.user }) },
            ],
          },
          {
            target: 'allowed',
            actions: [
              assign({ user: ({ event }) => event.output.user }),
              { type: 'login', params: ({ event }) => ({ token: event.output.token, user: event.output.user }) },
            ],
          },
        ],
        onError: [
          { guard: 'isBannedFailure', target: 'banned' },
          { guard: 'isUnauthorized', target: 'unauthenticated' },
          { target: 'failed' },
        ],
      },
    },
    /** The member may enter: the guarded layout renders until the session ends. */
    allowed: {
      on: { 'guard.sessionEnded': 'unauthenticated' },
    },
    /** Banned: the message, and the checkpoint (the reason, the date, the appeal) instead of the area. */
    banned: {
      entry: [
        { type: 'showToast', params: { type: 'error', description: BANNED_MESSAGE } },
        { type: 'navigate', params: { to: CHECKPOINT, replace: true } },
      ],
    },
    unauthenticated: {
      entry: ['clearSession', { type: 'navigate', params: ({ context }) => ({ to: guardHome(context.area), replace: true }) }],
    },
    /** Signed in, but not an admin: the member keeps the session and is shown the admin sign-in. */
    forbidden: {
      entry: { type: 'navigate', params: ({ context }) => ({ to: guardHome(context.area), replace: true }) },
    },
    /** The check failed (network, 5xx): give it a moment, then end the session. */
    failed: {
      after: { SESSION_FAILURE_LOGOUT_MS: 'signedOut' },
    },
    signedOut: {
      entry: ['logoutSession', { type: 'navigate', params: ({ context }) => ({ to: guardHome(context.area), replace: true }) }],
    },
  },
});
