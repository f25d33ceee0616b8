import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../../api/auth';
import { requiredCallback, requiredPromise } from '../shared/required';
import { themeMachine, type Theme } from './theme.machine';
import { sessionMachine } from '../session/session.machine';
import type { SessionSnapshot } from '../session/session.connect';
import { connectivityMachine } from '../offline/connectivity.machine';
import { appUpdateMachine } from '../offline/appUpdate.machine';

export interface SignInPageInput {
  /** The `theme` value found in storage at boot. */
  storedTheme: string | null;
  /** The system's colour scheme at boot; light when unknown. */
  systemTheme?: Theme;
  /** Whether the browser said it had a network at boot; online when unknown. */
  online?: boolean;
}

/** Who signed in on this page, as the app's session learns it (its `session.login`). */
export interface SignedInHere {
  token: string;
  user: User;
  keepLoggedIn: boolean;
}

/** What the app is started with when this page hands over to it. */
export interface HandOver {
  /** The session signed in here, or null: the visitor left for a page this one does not draw. */
  login: SignedInHere | null;
  /** The debug panel was opened on this page (Ctrl+Alt+J): the app keeps it open. */
  debug: boolean;
}

export type SignInPageEvent =
  /** The address left '/' (a link, Back, a form's navigation): the app draws every other page. */
  | { type: 'signInPage.left' }
  /** Ctrl+Alt+J: the page opens the debug panel (its view draws it); the app keeps it open after the hand-over. */
  | { type: 'signInPage.debug' };

export interface SignInPageContext {
  /** What the page found at boot (its children's inputs). */
  boot: SignInPageInput;
  login: SignedInHere | null;
  debug: boolean;
}

/** The session has just signed someone in (a banned account too: it goes on to the checkpoint). */
const signedIn = (snapshot: SessionSnapshot) => snapshot.matches('signedIn') || snapshot.matches('banned');

/**
 * The light sign-in page's root actor (src/signInEntry.tsx; docs/client-shell.md, "Weight"): a
 * visitor who opens '/' with no stored session gets the sign-in page without the app. It runs what
 * that page shows and needs: the theme, the session the forms sign in to (the app's session machine,
 * with the same storage effects), the connectivity pill and the service worker with its update
 * banner. It hands over to the app (`handingOver`: the app's code is loaded and started on the page)
 * as soon as someone signs in here, with their session so the app asks nothing again, or when the
 * address leaves '/' (and with the debug panel open if it was opened here). Then it is done and its
 * children stop; a hand-over whose
 * code cannot be fetched reloads the page, which boots the app (the session is stored by then).
 */
export const signInPageMachine = setup({
  types: {
    context: {} as SignInPageContext,
    events: {} as SignInPageEvent,
    input: {} as SignInPageInput,
  },
  actors: {
    theme: themeMachine,
    session: sessionMachine,
    connectivity: connectivityMachine,
    /** The service worker's updates and the Reload banner (src/effects/offline/appUpdate.ts). */
    appUpdate: appUpdateMachine,
    /** Effect: `signInPage.left` when the address leaves '/', `signInPage.debug` on Ctrl+Alt+J. */
    watch: requiredCallback(),
    /** Effect: loads the app's code and starts it on the page in place of this one. */
    startApp: requiredPromise<void, HandOver>('startApp'),
  },
  actions: {
    /** Effect: reloads the page (the app boots, with the session stored by then). */
    reloadPage: () => {},
  },
  guards: {
    /** The session signed someone in, and the page has not started handing over for it. */
    signsInHere: ({ context }, params: { snapshot: SessionSnapshot }) => context.login === null && signedIn(params.snapshot),
  },
}).createMachine({
  id: 'signInPage',
  context: ({ input }) => ({ boot: input, login: null, debug: false }),
  invoke: [
    {
      id: 'theme',
      systemId: 'theme',
      src: 'theme',
      input: ({ context }) => ({ stored: context.boot.storedTheme, system: context.boot.systemTheme ?? 'light' }),
    },
    {
      id: 'connectivity',
      systemId: 'connectivity',
      src: 'connectivity',
      input: ({ context }) => ({ online: context.boot.online ?? true }),
    },
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      // This page runs only without a stored session (src/main.tsx).
      input: { storedToken: null },
      onSnapshot: {
        guard: { type: 'signsInHere', params: ({ event }) => ({ snapshot: event.snapshot }) },
        target: '.handingOver',
        actions: assign({
          login: ({ event }) => ({
            token: event.snapshot.context.token,
            user: event.snapshot.context.profile as User,
            keepLoggedIn: event.snapshot.context.keepLoggedIn,
          }),
        }),
      },
    },
  ],
  initial: 'shown',
  states: {
    /** The sign-in page: the forms, the offline pill, the update banner, the debug panel on demand. */
    shown: {
      invoke: [
        { id: 'watch', src: 'watch' },
        { id: 'appUpdate', systemId: 'appUpdate', src: 'appUpdate' },
      ],
      on: {
        'signInPage.left': 'handingOver',
        'signInPage.debug': { actions: assign({ debug: true }) },
      },
    },
    /** The app's code is fetched and started with what happened here; the page shows the spinner. */
    handingOver: {
      invoke: {
        id: 'startApp',
        src: 'startApp',
        input: ({ context }) => ({ login: context.login, debug: context.debug }),
        onDone: 'handedOver',
        onError: 'reloading',
      },
    },
    /** The app runs the page now. */
    handedOver: { type: 'final' },
    /** The app's code could not be fetched (offline without the worker, a new build on the server): the page reloads. */
    reloading: { type: 'final', entry: 'reloadPage' },
  },
});

export type SignInPageActorRef = ActorRefFrom<typeof signInPageMachine>;
export type SignInPageSnapshot = SnapshotFrom<typeof signInPageMachine>;
