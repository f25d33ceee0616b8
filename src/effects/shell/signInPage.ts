import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { STORAGE_KEYS } from '../../api/constants';
import { createSignInApiClient } from '../../api/http';
import { sessionMachine } from '../../machines/session/session.machine';
import { signInPageMachine, type HandOver, type SignInPageEvent, type SignInPageInput } from '../../machines/shell/signInPage.machine';
import { isDebugShortcut } from '../debug/debugShortcut';
import { appUpdateLogic } from '../offline/appUpdate';
import { browserOnline, connectivityLogic } from '../offline/connectivity';
import { forgetStoredSession, persistSession } from '../session/sessionStore';
import { wipeLeftovers } from '../offline/leftovers';
import { SIGN_IN_PAGE_PATH } from './boot';
import { fetchWhenOnline } from './fetchWhenOnline';
import { storage } from './storage';
import { systemTheme, themeLogic } from './theme';

/**
 * The part of the API client the sign-in page calls (config, sign-in and up, the user check, the
 * two-factor step), alone: the light page does not load the app's client with every domain. No
 * ban or session-end hooks: the page runs with no stored session, so no request of it carries one.
 */
export const signInApi = createSignInApiClient({ getToken: storage.token, fetch: fetchWhenOnline });

const MOVES = ['pushState', 'replaceState', 'popstate'] as const;

/**
 * `signInPage.left` when the address leaves the page (wouter dispatches `pushState` and
 * `replaceState` for its navigations, the browser `popstate` for Back), `signInPage.debug` on
 * Ctrl+Alt+J (the view's DebugPanelOnDemand opens the panel; the machine remembers it for the app).
 */
export const signInPageWatch = (target: Pick<Window, 'addEventListener' | 'removeEventListener' | 'location'> = window) =>
  fromCallback<EventObject>(({ sendBack }) => {
    const moved = () => {
      if (target.location.pathname !== SIGN_IN_PAGE_PATH) sendBack({ type: 'signInPage.left' } satisfies SignInPageEvent);
    };
    const key = (event: KeyboardEvent) => {
      if (isDebugShortcut(event)) sendBack({ type: 'signInPage.debug' } satisfies SignInPageEvent);
    };
    for (const move of MOVES) target.addEventListener(move, moved);
    target.addEventListener('keydown', key);
    return () => {
      for (const move of MOVES) target.removeEventListener(move, moved);
      target.removeEventListener('keydown', key);
    };
  });

/**
 * The session of the light page: the app's session machine with the same storage effects
 * (effects/session/sessionStore.ts). Its boot (`signedOut`) forgets the session as the app's does:
 * the keys, and what a crashed tab may have left on the device (fetched only if there is any).
 */
export const signInPageSessionLogic = sessionMachine.provide({
  actors: { signOut: fromPromise<unknown, { token: string }>(({ input }) => signInApi.auth.signOut(input.token)) },
  actions: {
    persistSession,
    forgetSession: () => {
      forgetStoredSession();
      void wipeLeftovers();
    },
  },
});

/**
 * The light sign-in page's root machine with its real effects; `startApp` loads the app's code and
 * starts it in place of the page (src/signInEntry.tsx hands it in: effects do not import the app).
 */
export function signInPageLogic(startApp: (handOver: HandOver) => Promise<void>) {
  return signInPageMachine.provide({
    actors: {
      theme: themeLogic,
      session: signInPageSessionLogic,
      connectivity: connectivityLogic(),
      appUpdate: appUpdateLogic(),
      watch: signInPageWatch(),
      startApp: fromPromise<void, HandOver>(({ input }) => startApp(input)),
    },
    actions: { reloadPage: () => window.location.reload() },
  });
}

/** What the page finds at boot: the stored theme, the system's scheme, the network. */
export const signInPageInput = (): SignInPageInput => ({
  storedTheme: storage.get(STORAGE_KEYS.theme),
  systemTheme: systemTheme(),
  online: browserOnline(),
});
