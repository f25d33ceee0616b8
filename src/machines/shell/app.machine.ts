import { enqueueActions, fromCallback, fromPromise, raise, setup, type AnyActorLogic, type AnyActorRef, type EventObject } from 'xstate';
import { requiredCallback } from '../shared/required';
import { themeMachine, type Theme } from './theme.machine';
import { sessionMachine } from '../session/session.machine';
import { toastQueueMachine } from './toastQueue.machine';
import { notificationsMachine } from '../notifications/notifications.machine';
import { navigationMachine } from './navigation.machine';
import { selectSocketStatus, socketMachine, type SocketActorRef } from './socket.machine';
import { unreadBadgeMachine } from './unreadBadge.machine';
import { privateChatCacheMachine } from '../chat/privateChatCache.machine';
import { appUpdateMachine } from '../offline/appUpdate.machine';
import { connectivityMachine } from '../offline/connectivity.machine';
import { outboxMachine } from '../offline/outbox.machine';
import { sessionEndMachine } from '../session/sessionEnd.machine';

/** The app's own event: the session's state, raised from its snapshots for the services region. */
export type AppEvent = { type: 'app.session'; signedIn: boolean };

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

/** What the app reads of each session snapshot. */
interface SessionFacts {
  signedIn: boolean;
  token?: string;
  userId?: string | null;
}

/**
 * The services a signed-in member's pages use, started when the session signs in (or restores a
 * signed-in session) and stopped when it signs out: their effects load as one chunk then
 * (src/effects/shell/services.ts), not with the sign-in page. In start order (the outbox first:
 * the relays read it; the socket before the relay of its status).
 */
export const SERVICE_IDS = [
  'outbox',
  'outboxSent',
  'socket',
  'socketStatus',
  'unreadBadge',
  'chatBadge',
  'privateChatCache',
  'notices',
  'banWatch',
  'sessionEndWatch',
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];
/** What the services' chunk brings: the logic with its effects, by id. */
export type ServiceLogic = Partial<Record<ServiceId, AnyActorLogic>>;

/** The app's input, as the root's invokes read it from the start event. */
const initInput = (event: unknown) => (event as { input: AppInput }).input;

/** Whether a child's snapshot is in `state`; undefined for a child that is not a machine (a test's stand-in). */
const matches = (snapshot: unknown, state: string): boolean | undefined =>
  typeof (snapshot as { matches?: unknown } | undefined)?.matches === 'function'
    ? (snapshot as { matches: (value: string) => boolean }).matches(state)
    : undefined;

/** Sends to a running service by its systemId; a service that does not run (not loaded yet, stopped) is told nothing. */
const tellRunning =
  (enqueue: { sendTo: (to: AnyActorRef, event: EventObject) => void }, system: { get: (id: string) => AnyActorRef | undefined }) =>
  (id: ServiceId, event: EventObject & Record<string, unknown>) => {
    const ref = system.get(id);
    if (ref) enqueue.sendTo(ref, event);
  };

/** What the app reads of the session's snapshot: signed in, its token and the member's id. */
const sessionFacts = (snapshot: unknown): SessionFacts => {
  const signedIn = matches(snapshot, 'signedIn') ?? false;
  const context = (snapshot as { context?: { token?: string | null; profile?: { _id?: string } | null } } | undefined)?.context;
  return { signedIn, token: context?.token ?? undefined, userId: signedIn ? (context?.profile?._id ?? null) : null };
};

const isLogic = (value: unknown): value is AnyActorLogic =>
  typeof value === 'object' && value !== null && typeof (value as { transition?: unknown }).transition === 'function';

/**
 * The socket's status, told to connectivity as it changes (the socket is spawned, so the app has no
 * onSnapshot of it); when the socket stops (sign-out), connectivity hears it is down.
 */
const socketStatusLogic = fromCallback(({ system }) => {
  const connectivity = () => system.get('connectivity');
  const socket = system.get('socket') as SocketActorRef | undefined;
  if (!socket) return;
  let last: string | null = null;
  const tell = (status: ReturnType<typeof selectSocketStatus>) => {
    if (status === last) return;
    last = status;
    connectivity()?.send({ type: 'connectivity.socket', status });
  };
  tell(selectSocketStatus(socket.getSnapshot()));
  const subscription = socket.subscribe((snapshot) => tell(selectSocketStatus(snapshot)));
  return () => {
    subscription.unsubscribe();
    tell('disconnected');
  };
});

/**
 * The root actor: owns the long-lived children every screen shares. Each child has a
 * systemId so effects and screens can reach it with `system.get(id)`.
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    events: {} as AppEvent,
    // Each child by id (invoked, or spawned with the services) and the logic it runs.
    children: {} as {
      theme: 'theme';
      session: 'session';
      toasts: 'toasts';
      notifications: 'notifications';
      navigation: 'navigation';
      connectivity: 'connectivity';
      appUpdate: 'appUpdate';
      outbox: 'outbox';
      outboxSent: 'outboxSent';
      socket: 'socket';
      socketStatus: 'socketStatus';
      unreadBadge: 'unreadBadge';
      chatBadge: 'chatBadge';
      privateChatCache: 'privateChatCache';
      notices: 'notices';
      banWatch: 'banWatch';
      sessionEndWatch: 'sessionEndWatch';
    },
  },
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
    /** The socket's status to connectivity (above). */
    socketStatus: socketStatusLogic,
    /** Effect: what the outbox sent reaches the lists and toasts (src/effects/shell/services.ts). */
    outboxSent: requiredCallback(),
    /**
     * Effect: the services' chunk, loaded when the session signs in (src/effects/shell/app.ts). Its
     * output is their logic with effects; the bare machine's brings none, so the logic here runs.
     */
    loadServices: fromPromise<ServiceLogic | undefined>(async () => undefined),
  },
  guards: {
    /** The session is signed in (app.session). */
    signedIn: ({ event }) => event.signedIn,
    /** It is not (signed out, banned, restoring, ended). */
    notSignedIn: ({ event }) => !event.signedIn,
  },
  delays: {
    /** A services' chunk that failed to load (the network dropped) is asked again after this. */
    SERVICES_RETRY: 3_000,
  },
  actions: {
    /**
     * The signed-in services follow the session: the socket opens with its token, the badges count,
     * the member's outbox opens. Only those running (services.on): before their chunk has loaded
     * there is nothing to tell, and they are told the session's state when they start.
     */
    followSession: enqueueActions(({ enqueue, system }, params: SessionFacts) => {
      const tell = tellRunning(enqueue, system);
      tell('socket', params.signedIn && params.token ? { type: 'socket.start', token: params.token } : { type: 'socket.stop' });
      tell('unreadBadge', params.signedIn ? { type: 'badge.start' } : { type: 'badge.stop' });
      tell('chatBadge', params.signedIn ? { type: 'badge.start' } : { type: 'badge.stop' });
      tell('outbox', params.userId ? { type: 'outbox.start', userId: params.userId } : { type: 'outbox.stop' });
    }),
    /** The session, as the services region reads it (app.session). */
    noteSession: raise((_, params: SessionFacts) => ({ type: 'app.session' as const, signedIn: params.signedIn })),
    /** The outbox sends when connectivity says online (only while it runs). */
    outboxFollowsConnectivity: enqueueActions(({ enqueue, system }, params: { online: boolean }) => {
      tellRunning(enqueue, system)('outbox', { type: 'outbox.connectivity', online: params.online });
    }),
    /**
     * The services start, as children with their systemIds, each from the logic their chunk brought
     * (the event's output; src/effects/shell/services.ts) or, where it brought none (the bare machine,
     * tests, a replay), the logic of the same name here. Then they hear the session's state.
     */
    startServices: enqueueActions(({ enqueue, event, system }) => {
      const loaded = (event as { output?: unknown }).output as Record<string, unknown> | undefined;
      const online = matches(system.get('connectivity')?.getSnapshot(), 'online') ?? true;
      for (const id of SERVICE_IDS) {
        const logic = isLogic(loaded?.[id]) ? loaded[id] : id;
        enqueue.spawnChild(logic as never, { id, systemId: id, ...(id === 'outbox' ? { input: { online } } : {}) } as never);
      }
      const { signedIn, token, userId } = sessionFacts(system.get('session')?.getSnapshot());
      // Sent by id: the children spawned just above are in the snapshot the sends resolve against.
      if (signedIn && token) enqueue.sendTo('socket', { type: 'socket.start', token });
      if (signedIn) enqueue.sendTo('unreadBadge', { type: 'badge.start' });
      if (signedIn) enqueue.sendTo('chatBadge', { type: 'badge.start' });
      if (userId) enqueue.sendTo('outbox', { type: 'outbox.start', userId });
    }),
    /** Signed out: the services stop (the socket closes, the badges and the outbox with it). */
    stopServices: enqueueActions(({ enqueue, system }) => {
      // Told first, as a session that signs out tells them while they run; then stopped.
      const tell = tellRunning(enqueue, system);
      tell('socket', { type: 'socket.stop' });
      tell('unreadBadge', { type: 'badge.stop' });
      tell('chatBadge', { type: 'badge.stop' });
      tell('outbox', { type: 'outbox.stop' });
      for (const id of [...SERVICE_IDS].reverse()) enqueue.stopChild(id);
    }),
  },
}).createMachine({
  id: 'app',
  type: 'parallel',
  invoke: [
    {
      id: 'theme',
      systemId: 'theme',
      src: 'theme',
      input: ({ event }) => ({ stored: initInput(event).storedTheme, system: initInput(event).systemTheme ?? 'light' }),
    },
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      input: ({ event }) => ({
        storedToken: initInput(event).storedToken ?? null,
        keepLoggedIn: initInput(event).keepLoggedIn ?? null,
        pageReload: initInput(event).pageReload ?? false,
      }),
      onSnapshot: {
        actions: [
          { type: 'followSession', params: ({ event }) => sessionFacts(event.snapshot) },
          { type: 'noteSession', params: ({ event }) => sessionFacts(event.snapshot) },
        ],
      },
    },
    // The shell (docs/client-shell.md): toasts, the notice list, sidebar and search bar.
    { id: 'toasts', systemId: 'toasts', src: 'toasts' },
    { id: 'notifications', systemId: 'notifications', src: 'notifications' },
    { id: 'navigation', systemId: 'navigation', src: 'navigation' },
    // Online, offline or reconnecting (docs/client-offline.md); the socket's status reaches it through socketStatus.
    {
      id: 'connectivity',
      systemId: 'connectivity',
      src: 'connectivity',
      input: ({ event }) => ({ online: initInput(event).online ?? true }),
      onSnapshot: {
        actions: { type: 'outboxFollowsConnectivity', params: ({ event }) => ({ online: matches(event.snapshot, 'online') ?? true }) },
      },
    },
    // New versions of the app: the service worker's updates and the Reload banner.
    { id: 'appUpdate', systemId: 'appUpdate', src: 'appUpdate' },
  ],
  states: {
    /**
     * The signed-in member's services (SERVICE_IDS): the outbox, the socket, the badges, the chat
     * cache, the notices and the ban and session-end watches. Loaded and started once the session
     * is signed in; stopped when it is not. The member area waits for `on` (src/views/AppRoutes.tsx).
     */
    services: {
      initial: 'off',
      states: {
        off: {
          on: { 'app.session': { guard: 'signedIn', target: 'loading' } },
        },
        loading: {
          invoke: { id: 'loadServices', src: 'loadServices', onDone: { target: 'on', actions: 'startServices' }, onError: 'failed' },
          on: { 'app.session': { guard: 'notSignedIn', target: 'off' } },
        },
        /** The chunk did not arrive (no network, and no service worker yet): asked again a little later. */
        failed: {
          after: { SERVICES_RETRY: 'loading' },
          on: { 'app.session': { guard: 'notSignedIn', target: 'off' } },
        },
        on: {
          exit: 'stopServices',
          on: { 'app.session': { guard: 'notSignedIn', target: 'off' } },
        },
      },
    },
  },
});
