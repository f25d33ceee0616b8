import { sendTo, setup } from 'xstate';
import { requiredCallback } from '../shared/required';
import { themeMachine, type Theme } from './theme.machine';
import { sessionMachine } from '../session/session.machine';
import { toastQueueMachine } from './toastQueue.machine';
import { notificationsMachine } from '../notifications/notifications.machine';
import { navigationMachine } from './navigation.machine';
import { selectSocketStatus, socketMachine } from './socket.machine';
import { unreadBadgeMachine } from './unreadBadge.machine';
import { privateChatCacheMachine } from '../chat/privateChatCache.machine';
import { appUpdateMachine } from '../offline/appUpdate.machine';
import { connectivityMachine } from '../offline/connectivity.machine';
import { outboxMachine } from '../offline/outbox.machine';
import { sessionEndMachine } from '../session/sessionEnd.machine';

export interface AppInput {
  /** The `theme` value found in storage at boot. */
  storedTheme: string | null;
  /** The system's colour scheme at boot (prefers-color-scheme); light when unknown. */
  systemTheme?: Theme;
  /** The `authToken` found in storage at boot (the session restores from it). */
  storedToken?: string | null;
  /** The keepLoggedIn flag in local storage at boot. */
  keepLoggedIn?: string | null;
  /** Whether this browser session signed in: the tab's page-reload flag or the browser-session cookie at boot. */
  pageReload?: boolean;
  /** Whether the browser said it had a network at boot (navigator.onLine); online when unknown. */
  online?: boolean;
}

/**
 * The root actor: owns the long-lived children every screen shares. Each child has a
 * systemId so effects and screens can reach it with `system.get(id)`.
 */
export const appMachine = setup({
  types: { input: {} as AppInput },
  actors: {
    theme: themeMachine,
    session: sessionMachine,
    toasts: toastQueueMachine,
    notifications: notificationsMachine,
    navigation: navigationMachine,
    socket: socketMachine,
    unreadBadge: unreadBadgeMachine,
    /** The Chat nav item's count: the same badge, with chat effects (src/effects/chat/chatBadge.ts). */
    chatBadge: unreadBadgeMachine,
    privateChatCache: privateChatCacheMachine,
    /** The service worker's updates (src/effects/offline/appUpdate.ts). */
    appUpdate: appUpdateMachine,
    /** Online, offline or reconnecting, as the browser and the socket say (src/effects/offline/connectivity.ts). */
    connectivity: connectivityMachine,
    /** The sends that found no server, kept and sent when it is back (src/effects/offline/outbox.ts). */
    outbox: outboxMachine,
    /** Effect: socket `notification`s as toasts (src/effects/shell/notices.ts). */
    notices: requiredCallback(),
    /** Effect: a ban while a page is open moves it to /checkpoint (src/effects/session/banWatch.ts). */
    banWatch: requiredCallback(),
    /** This session ended from another device: told, then cleared after 1 s, and the page goes to sign-in (src/effects/session/sessionEndWatch.ts). */
    sessionEndWatch: sessionEndMachine,
  },
  actions: {
    /** The socket follows the session: open while signed in (with its token), closed otherwise. */
    followSession: sendTo('socket', (_, params: { signedIn: boolean; token: string }) =>
      params.signedIn && params.token ? { type: 'socket.start' as const, token: params.token } : { type: 'socket.stop' as const },
    ),
    /** The member's outbox opens while they are signed in. */
    outboxFollowsSession: sendTo('outbox', (_, params: { userId: string | null }) =>
      params.userId ? { type: 'outbox.start' as const, userId: params.userId } : { type: 'outbox.stop' as const },
    ),
    /** The notifications badge counts while signed in. */
    badgeFollowsSession: sendTo('unreadBadge', (_, params: { signedIn: boolean }) =>
      params.signedIn ? { type: 'badge.start' as const } : { type: 'badge.stop' as const },
    ),
    /** So does the chat badge. */
    chatBadgeFollowsSession: sendTo('chatBadge', (_, params: { signedIn: boolean }) =>
      params.signedIn ? { type: 'badge.start' as const } : { type: 'badge.stop' as const },
    ),
  },
}).createMachine({
  id: 'app',
  invoke: [
    {
      id: 'theme',
      systemId: 'theme',
      src: 'theme',
      input: ({ event }) => ({ stored: event.input.storedTheme, system: event.input.systemTheme ?? 'light' }),
    },
    // Before the session and connectivity, whose snapshots it follows.
    { id: 'outbox', systemId: 'outbox', src: 'outbox', input: ({ event }) => ({ online: event.input.online ?? true }) },
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      input: ({ event }) => ({
        storedToken: event.input.storedToken ?? null,
        keepLoggedIn: event.input.keepLoggedIn ?? null,
        pageReload: event.input.pageReload ?? false,
      }),
      onSnapshot: {
        actions: [
          {
            type: 'followSession',
            params: ({ event }) => ({ signedIn: event.snapshot.matches('signedIn'), token: event.snapshot.context.token }),
          },
          { type: 'badgeFollowsSession', params: ({ event }) => ({ signedIn: event.snapshot.matches('signedIn') }) },
          { type: 'chatBadgeFollowsSession', params: ({ event }) => ({ signedIn: event.snapshot.matches('signedIn') }) },
          {
            type: 'outboxFollowsSession',
            params: ({ event }) => ({ userId: event.snapshot.matches('signedIn') ? (event.snapshot.context.profile?._id ?? null) : null }),
          },
        ],
      },
    },
    // The shell (docs/client-shell.md): toasts, the notice list, sidebar and search bar.
    { id: 'toasts', systemId: 'toasts', src: 'toasts' },
    { id: 'notifications', systemId: 'notifications', src: 'notifications' },
    { id: 'navigation', systemId: 'navigation', src: 'navigation' },
    // Connectivity first: the socket's snapshots reach it from the start (docs/client-offline.md).
    {
      id: 'connectivity',
      systemId: 'connectivity',
      src: 'connectivity',
      input: ({ event }) => ({ online: event.input.online ?? true }),
      onSnapshot: {
        actions: sendTo('outbox', ({ event }) => ({ type: 'outbox.connectivity' as const, online: event.snapshot.matches('online') })),
      },
    },
    // The streams' live connection (src/effects/shell/socket.ts), driven by the session above.
    {
      id: 'socket',
      systemId: 'socket',
      src: 'socket',
      onSnapshot: {
        actions: sendTo('connectivity', ({ event }) => ({
          type: 'connectivity.socket' as const,
          status: selectSocketStatus(event.snapshot),
        })),
      },
    },
    // New versions of the app: the service worker's updates and the Reload banner.
    { id: 'appUpdate', systemId: 'appUpdate', src: 'appUpdate' },
    // The notifications nav item's unread count (src/effects/notifications/inbox.ts), driven by the session too.
    { id: 'unreadBadge', systemId: 'unreadBadge', src: 'unreadBadge' },
    // The Chat nav item's count of conversations with something unread (src/effects/chat/chatBadge.ts).
    { id: 'chatBadge', systemId: 'chatBadge', src: 'chatBadge' },
    // What the sidebar's clean-up needs of the chat screen (src/effects/chat/privateChatCache.ts).
    { id: 'privateChatCache', systemId: 'privateChatCache', src: 'privateChatCache' },
    { id: 'notices', src: 'notices' },
    { id: 'banWatch', src: 'banWatch' },
    { id: 'sessionEndWatch', src: 'sessionEndWatch' },
  ],
});
