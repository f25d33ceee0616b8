import { assign, setup } from 'xstate';
import { defined } from '../shared/defined';
import { requiredPromise } from '../shared/required';
import type { User } from '../../api/auth';

export interface SessionContext {
  token: string;
  profile: User | null;
  isLoggedIn: boolean;
  /** Remember me: the session outlives the browser. A token stored without the flag counts as remembered. */
  keepLoggedIn: boolean;
  /** This tab belongs to the browser session that signed in (the tab's page-reload flag, or the browser-session cookie). */
  pageReload: boolean;
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
  /** The keepLoggedIn flag found in local storage at boot ('true', 'false', or none). */
  keepLoggedIn?: string | null;
  /** Whether this browser session signed in: session storage holds the page-reload flag, or the browser-session cookie is set. */
  pageReload?: boolean;
}

const empty: SessionContext = { token: '', profile: null, isLoggedIn: false, keepLoggedIn: true, pageReload: false };

/**
 * Who is signed in. A token left by a browser session that has ended (closed browser) without
 * Remember me signs out at boot: neither the tab's page-reload flag nor the browser-session cookie
 * is there (the effect reads both) and the keepLoggedIn flag says 'false'. Any other token found at boot makes the session `restoring`: the guard of the
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
    signOut: requiredPromise<unknown, { token: string }>('signOut'),
  },
  actions: {
    /** Effect: authToken and keepLoggedIn to localStorage, username and the page-reload flag to sessionStorage, the browser-session cookie. */
    persistSession: (_, _params: { token: string; user: User; keepLoggedIn: boolean }) => {},
    /** Effect: remove authToken, keepLoggedIn, the username and pageReload session keys, the browser-session cookie, and every member's kept data (IndexedDB). */
    forgetSession: () => {},
    /** The notification list belongs to the member who leaves; empty it if it is running. */
    clearNotifications: ({ system }) => {
      // The notifications actor may not be running (yet); a missing one has nothing to clear.
      system.get('notifications')?.send({ type: 'notifications.clear' });
    },
    reset: assign(() => ({ ...empty })),
    remember: assign(({ context, event }) => {
      if (event.type !== 'session.login') return {};
      // A sign-in form says whether to remember; a guard's fresh token keeps the session's choice.
      return {
        token: event.token,
        profile: event.user,
        isLoggedIn: true,
        keepLoggedIn: event.keepLoggedIn ?? context.keepLoggedIn,
        pageReload: true,
      };
    }),
    markBanned: assign({ profile: ({ context }) => (context.profile ? { ...context.profile, isBanned: true } : null) }),
  },
  guards: {
    profileBanned: ({ context }) => context.profile?.isBanned === true,
    hasStoredToken: ({ context }) => context.token !== '',
    /** The token was left by a browser session that has ended, and the member did not ask to be remembered. */
    browserSessionEnded: ({ context }) => context.token !== '' && !context.keepLoggedIn && !context.pageReload,
    hasProfile: ({ context }) => context.profile !== null,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...empty,
    token: input.storedToken ?? '',
    keepLoggedIn: input.keepLoggedIn !== 'false',
    pageReload: input.pageReload ?? false,
  }),
  initial: 'booting',
  on: {
    'session.login': {
      target: '.signedIn',
      actions: [
        'remember',
        {
          type: 'persistSession',
          params: ({ context }) => ({
            token: context.token,
            user: defined(context.profile, 'the profile'),
            keepLoggedIn: context.keepLoggedIn,
          }),
        },
      ],
    },
  },
  states: {
    booting: {
      always: [
        { guard: 'browserSessionEnded', target: 'signedOut' },
        { guard: 'hasStoredToken', target: 'restoring' },
        { target: 'signedOut' },
      ],
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
              ...defined(context.profile, 'the profile'),
              personalizeSettings: {
                ...defined(context.profile, 'the profile').personalizeSettings,
                allowPersonalize: event.allowPersonalize,
              },
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
