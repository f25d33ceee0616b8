import { createActor, fromPromise } from 'xstate';
import { STORAGE_KEYS } from '../../api/constants';
import { appMachine, type ServiceLogic } from '../../machines/shell/app.machine';
import { storage } from './storage';
import { systemTheme, themeLogic } from './theme';
import { sessionLogic } from '../session/session';
import { toastQueueLogic } from './toasts';
import { navigationLogic } from './navigation';
import { appUpdateLogic } from '../offline/appUpdate';
import { browserOnline, connectivityLogic } from '../offline/connectivity';

/**
 * The signed-in member's services (socket, outbox, badges, notices, the ban and session-end
 * watches): their chunk, fetched when the session signs in. The member area waits for it too
 * (src/views/AppRoutes.tsx), so the same request serves both.
 */
export const loadServices = () => import('./services').then((module) => module.services);

/** The app machine with every real effect plugged in. */
export const appLogic = appMachine.provide({
  actors: {
    theme: themeLogic,
    session: sessionLogic,
    toasts: toastQueueLogic,
    navigation: navigationLogic,
    appUpdate: appUpdateLogic(),
    connectivity: connectivityLogic(),
    loadServices: fromPromise<ServiceLogic | undefined>(loadServices),
  },
});

/**
 * What the session needs at boot besides the token, to tell this browser session (a reload, or a
 * tab opened by hand: the tab's page-reload flag or the shared browser-session cookie) from a
 * reopened browser (neither).
 */
const storedSession = () => ({
  keepLoggedIn: storage.get(STORAGE_KEYS.keepLoggedIn),
  pageReload: storage.session.get(STORAGE_KEYS.pageReload) !== null || storage.cookie.has(STORAGE_KEYS.browserSession),
});

export function startApp(options: Parameters<typeof createActor>[1] = {}) {
  const actor = createActor(appLogic, {
    ...options,
    input: {
      storedTheme: storage.get(STORAGE_KEYS.theme),
      systemTheme: systemTheme(),
      storedToken: storage.token(),
      online: browserOnline(),
      ...storedSession(),
    },
  });
  actor.start();
  return actor;
}
export type AppActorRef = ReturnType<typeof startApp>;
