import { assign, fromPromise, setup } from 'xstate';
import type { User } from '../api/auth';

export interface SessionContext {
  token: string;
  profile: User | null;
  isLoggedIn: boolean;
}

export type SessionEvent =
  | { type: 'session.login'; token: string; user: User; keepLoggedIn?: boolean }
  | { type: 'session.logout' }
  | { type: 'session.clear' }
  | { type: 'session.updateProfile'; profile: User }
  | { type: 'session.updatePersonalization'; allowPersonalize: boolean }
  /** The member was banned while signed in (the socket's `banned` event, or a request refused as banned). */
  | { type: 'session.banned' };

export interface SessionInput {
  /** The authToken found in storage at boot; its owner is unknown until a guard checks it. */
  storedToken: string | null;
}

const empty: SessionContext = { token: '', profile: null, isLoggedIn: false };

/**
 * Who is signed in. A token found at boot makes the session `restoring`: the guard of the
 * area the member opens checks it (GET /currentuser) and answers with `session.login` (the
 * user, and a fresh token) or `session.clear`. Logout calls GET /signout and clears the
 * session whether or not the call succeeds.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** Effect: GET /signout with the session's token (storage no longer holds it). */
    signOut: fromPromise<unknown, { token: string }>(async () => {
      throw new Error('signOut actor not provided');
    }),
  },
  actions: {
    /** Effect: authToken to localStorage, username to sessionStorage, keepLoggedIn when given. */
    persistSession: (_, _params: { token: string; user: User; keepLoggedIn?: boolean }) => {},
    /** Effect: remove authToken, keepLoggedIn, and the username and pageReload session keys. */
    forgetSession: () => {},
    /** The notification list belongs to the member who leaves; empty it if it is running. */
    clearNotifications: ({ system }) => {
      // The notifications actor may not be running (yet); a missing one has nothing to clear.
      system.get('notifications')?.send({ type: 'notifications.clear' });
    },
    reset: assign(() => ({ ...empty })),
    remember: assign(({ event }) => {
      if (event.type !== 'session.login') return {};
      return { token: event.token, profile: event.user, isLoggedIn: true };
    }),
    markBanned: assign({ profile: ({ context }) => (context.profile ? { ...context.profile, isBanned: true } : null) }),
  },
  guards: {
    profileBanned: ({ context }) => context.profile?.isBanned === true,
    hasStoredToken: ({ context }) => context.token !== '',
    hasProfile: ({ context }) => context.profile !== null,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...empty, token: input.storedToken ?? '' }),
  initial: 'booting',
  on: {
    'session.login': {
      target: '.signedIn',
      actions: [
        'remember',
        {
          type: 'persistSession',
          params: ({ event }) => ({ token: event.token, user: event.user, keepLoggedIn: event.keepLoggedIn }),
        },
      ],
    },
  },
  states: {
    booting: {
      always: [{ guard: 'hasStoredToken', target: 'restoring' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        // Nothing to tell the server; still wipe whatever a crashed tab may have left behind.
        'session.logout': { target: 'signedOut', reenter: true },
        'session.clear': { target: 'signedOut', reenter: true },
      },
      entry: ['reset', 'forgetSession', 'clearNotifications'],
    },
    restoring: {
      on: {
        'session.logout': 'signingOut',
        'session.clear': 'signedOut',
      },
    },
    signedIn: {
      // A banned member's sign-in, or a ban while signed in, leads on to `banned`.
      always: { guard: 'profileBanned', target: 'banned' },
      on: {
        'session.logout': 'signingOut',
        'session.clear': 'signedOut',
        'session.updateProfile': { actions: assign({ profile: ({ event }) => event.profile }) },
        'session.banned': { actions: 'markBanned' },
        'session.updatePersonalization': {
          guard: 'hasProfile',
          actions: assign({
            profile: ({ context, event }) => ({
              ...context.profile!,
              personalizeSettings: { ...context.profile!.personalizeSettings, allowPersonalize: event.allowPersonalize },
            }),
          }),
        },
      },
    },
    /**
     * Signed in, but banned: the token still opens the checkpoint, the appeal and sign-out
     * (docs/client-auth.md), nothing else. The socket closes (the app opens it only while
     * `signedIn`); a sign-in after the ban is lifted goes back to signedIn.
     */
    banned: {
      on: {
        'session.logout': 'signingOut',
        'session.clear': 'signedOut',
      },
    },
    signingOut: {
      // Storage forgets the token at once, so nothing started meanwhile (a page that checks for a
      // stored session, another tab) acts on a session that is ending.
      entry: 'forgetSession',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'signedOut',
        onError: 'signedOut',
      },
      on: { 'session.clear': 'signedOut' },
    },
  },
});

