import { createActor } from 'xstate';
import { STORAGE_KEYS } from '../../api/constants';
import { appMachine } from '../../machines/shell/app.machine';
import type { OutboxActorRef } from '../../machines/offline/outbox.machine';
import { storage } from './storage';
import { systemTheme, themeLogic } from './theme';
import { sessionLogic } from '../session/session';
import { toastQueueLogic } from './toasts';
import { navigationLogic } from './navigation';
import { socketLogic, streamsBus } from './socket';
import { noticesLogic } from './notices';
import { banWatchLogic } from '../session/banWatch';
import { sessionEndWatchLogic } from '../session/sessionEndWatch';
import { unreadBadgeLogic } from './unreadBadge';
import { privateChatCacheLogic } from '../chat/privateChatCache';
import { chatBadgeLogic } from '../chat/chatBadge';
import { appUpdateLogic } from '../offline/appUpdate';
import { browserOnline, connectivityLogic } from '../offline/connectivity';
import { outboxLogic, publishSent, tellPendingSent } from '../offline/outbox';

/** The app machine with every real effect plugged in. */
export const appLogic = appMachine.provide({
  actors: {
    theme: themeLogic,
    session: sessionLogic,
    toasts: toastQueueLogic,
    navigation: navigationLogic,
    socket: socketLogic(),
    notices: noticesLogic(),
    banWatch: banWatchLogic(),
    sessionEndWatch: sessionEndWatchLogic(),
    unreadBadge: unreadBadgeLogic(),
    chatBadge: chatBadgeLogic(),
    privateChatCache: privateChatCacheLogic(),
    appUpdate: appUpdateLogic(),
    connectivity: connectivityLogic(),
    outbox: outboxLogic(),
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
  // What the outbox sends of the member's posts and questions reaches the lists on screen; a group
  // post sent for review says so, as the composer does.
  const outbox = actor.system.get('outbox') as OutboxActorRef | undefined;
  if (outbox) {
    publishSent(outbox, (post) => streamsBus.publish({ event: 'published', post }));
    tellPendingSent(outbox, (toast) => actor.system.get('toasts')?.send({ type: 'toasts.show', toast }));
  }
  return actor;
}
export type AppActorRef = ReturnType<typeof startApp>;
