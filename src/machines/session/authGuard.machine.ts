import { assign, setup } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import type { AuthResponse, User } from '../../api/auth';
import { BANNED_MESSAGE, SESSION_FAILURE_LOGOUT_MS, SESSION_RECHECK_MS } from '../../api/constants';
import { failureStatus, failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

export type GuardArea = 'member' | 'admin';

export interface AuthGuardInput {
  area: GuardArea;
  /** Whether the session holds a token; without one there is nothing to check. */
  hasToken: boolean;
}

/** The last profile the server confirmed for the stored token, kept on this device (src/effects/offline/kept.ts). */
export interface KeptProfile {
  token: string;
  user: User;
}

export type AuthGuardEvent =
  /** The view tells the guard when the session it let in has ended (sign-out elsewhere, a cleared token). */
  | { type: 'guard.sessionEnded' }
  /** The network is back (the connectivity machine went online): ask the server again. */
  | { type: 'guard.online' };

export interface AuthGuardContext extends AuthGuardInput {
  user: User | null;
}

/** Where a banned member is sent from either area. */
export const CHECKPOINT = '/checkpoint';

/** Where a visitor who may not enter the area is sent. */
export const guardHome = (area: GuardArea) => (area === 'admin' ? '/admin/signin' : '/');

type Answer = AuthResponse | KeptProfile | null;
const outputOf = (event: unknown) => (event as { output?: Answer }).output ?? null;

const answerParams = ({ event }: { event: unknown }) => {
  const answer = outputOf(event);
  return { token: answer?.token ?? '', user: answer?.user as User };
};

/**
 * Where the server's answer (or the kept profile) sends the member: banned, not an admin here,
 * or in. An answer from the server is also kept for the next visit without a network.
 */
const letIn = (target: { banned: string; forbidden: string; allowed: string }, fromServer: boolean) => {
  const actions = [
    'rememberUser' as const,
    { type: 'login' as const, params: answerParams },
    ...(fromServer ? [{ type: 'keepProfile' as const, params: answerParams }] : []),
  ];
  return [
    { guard: 'isBanned' as const, target: target.banned, actions },
    { guard: 'lacksAdminRole' as const, target: target.forbidden, actions },
    { target: target.allowed, actions },
  ];
};

/**
 * The door of the member area (/app/social) and of the admin area (/admin). On load it asks
 * the server who the stored token belongs to (GET /currentuser), then lets the member in, or
 * turns a banned member away with the banned message to the checkpoint (keeping the session,
 * which the checkpoint and the appeal need). A failed check follows the spec's letter: after
 * SESSION_FAILURE_LOGOUT_MS (1 s) the session is cleared and the visitor sent home. A check fails
 * when the server refuses the token (401/403), and when it gets no answer (offline, a network
 * error, a timeout, a 5xx) and nothing is kept for this token. The one departure, for reading
 * offline: with no answer and a profile kept on this device for this token, the member comes in
 * with it (`kept`), and the guard asks again when the network returns or every
 * SESSION_RECHECK_MS (a refusal then fails the check the same way).
 * The session, the kept profile, toasts and navigation are reached through injected effects.
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
    /** Effect: the profile kept on this device for the stored token, or null. */
    keptProfile: requiredPromise<KeptProfile | null>('keptProfile'),
    /** Effect: `guard.online` when the app's connectivity machine goes online. */
    reconnection: requiredCallback(),
  },
  actions: {
    rememberUser: assign({ user: ({ event }) => outputOf(event)?.user ?? null }),
    /** Effect: `session.login` to the session actor (the user, the fresh token). */
    login: (_, _params: { token: string; user: User }) => {},
    /** Effect: keep the profile the server just confirmed for this token (the member's kept store). */
    keepProfile: (_, _params: { token: string; user: User }) => {},
    /** Effect: `session.clear` to the session actor. */
    clearSession: () => {},
    /** Effect: a toast through the toast queue. */
    showToast: (_, _params: ToastRequest) => {},
    /** Effect: wouter navigation, replacing the guarded URL. */
    navigate: (_, _params: { to: string; replace?: boolean }) => {},
  },
  guards: {
    hasToken: ({ context }) => context.hasToken,
    lacksKeptProfile: ({ event }) => outputOf(event) === null,
    isBanned: ({ event }) => outputOf(event)?.user.isBanned === true,
    lacksAdminRole: ({ context, event }) => context.area === 'admin' && outputOf(event)?.user.role !== 'ADMIN',
    /** A 403 carrying the banned message: the server refused a banned token. */
    isBannedFailure: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return failureStatus(error) === 403 && failureText(error, '') === BANNED_MESSAGE;
    },
    /** The server answered and refused the token; anything else (no answer, a 5xx) sends the guard to the kept profile. */
    isUnauthorized: ({ event }) => {
      const status = failureStatus((event as { error?: unknown }).error);
      return status === 401 || status === 403;
    },
  },
  delays: { SESSION_RECHECK_MS, SESSION_FAILURE_LOGOUT_MS },
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
        onDone: letIn({ banned: 'banned', forbidden: 'forbidden', allowed: 'allowed' }, true),
        onError: [{ guard: 'isBannedFailure', target: 'banned' }, { guard: 'isUnauthorized', target: 'failed' }, { target: 'recalling' }],
      },
    },
    /** The server cannot be reached: is a profile kept for this token on this device? Without one the check has failed. */
    recalling: {
      invoke: {
        id: 'keptProfile',
        src: 'keptProfile',
        // The kept profile counts like an answer: the ban and the role it recorded route the member.
        onDone: [
          { guard: 'lacksKeptProfile', target: 'failed' },
          ...letIn({ banned: 'banned', forbidden: 'forbidden', allowed: 'allowed.kept' }, false),
        ],
        onError: 'failed',
      },
    },
    /** The member may enter: the guarded layout renders until the session ends. */
    allowed: {
      on: { 'guard.sessionEnded': 'unauthenticated' },
      initial: 'confirmed',
      states: {
        /** The server confirmed the member on this visit. */
        confirmed: {},
        /** Let in with the kept profile: the server was not reached. */
        kept: {
          initial: 'waiting',
          states: {
            waiting: {
              invoke: { id: 'reconnection', src: 'reconnection' },
              on: { 'guard.online': 'rechecking' },
              after: { SESSION_RECHECK_MS: 'rechecking' },
            },
            rechecking: {
              invoke: {
                id: 'currentUser',
                src: 'currentUser',
                onDone: letIn(
                  { banned: '#authGuard.banned', forbidden: '#authGuard.forbidden', allowed: '#authGuard.allowed.confirmed' },
                  true,
                ),
                onError: [
                  { guard: 'isBannedFailure', target: '#authGuard.banned' },
                  { guard: 'isUnauthorized', target: '#authGuard.failed' },
                  { target: 'waiting' },
                ],
              },
            },
          },
        },
      },
    },
    /** The check failed (spec, section 4 "Guards"): the spinner stays 1 s, then the session is cleared. */
    failed: {
      after: { SESSION_FAILURE_LOGOUT_MS: 'unauthenticated' },
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
  },
});
