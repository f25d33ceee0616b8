import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredCallback } from '../shared/required';

/** The socket's status as the socket machine tells it (selectSocketStatus). */
export type SocketStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'replaced';

export type ConnectivityEvent =
  /** The browser's `online` / `offline` events (src/effects/offline/connectivity.ts). */
  | { type: 'connectivity.online' }
  | { type: 'connectivity.offline' }
  /** Each new status of the member's socket (the app forwards the socket machine's snapshots). */
  | { type: 'connectivity.socket'; status: SocketStatus };

export interface ConnectivityInput {
  /** navigator.onLine at start. */
  online: boolean;
}

export interface ConnectivityContext {
  /** The browser has a network. */
  online: boolean;
  /** The member's socket should be up and is not (it dropped and is trying again). */
  socketDown: boolean;
}

type SocketEventOf = Extract<ConnectivityEvent, { type: 'connectivity.socket' }>;

/**
 * Connectivity (app child, systemId 'connectivity'; docs/client-offline.md): what the browser
 * and the socket both say, as one of three states.
 * - online: the browser has a network and the socket, where the member is signed in, is up (or
 *   still making its first connection);
 * - offline: the browser has no network (whatever the socket says);
 * - reconnecting: the browser has a network but the socket dropped and is trying again (the
 *   server or the path to it is down).
 * A signed-out page has no socket: only the browser counts. A socket that is connecting again
 * after a drop stays "reconnecting" until it is connected.
 */
export const connectivityMachine = setup({
  types: { context: {} as ConnectivityContext, events: {} as ConnectivityEvent, input: {} as ConnectivityInput },
  actors: {
    /** Effect: the browser's online/offline events. */
    network: requiredCallback(),
  },
  actions: {
    noteOnline: assign({ online: true }),
    noteOffline: assign({ online: false }),
    noteSocket: assign({
      socketDown: ({ context, event }) => {
        const { status } = event as SocketEventOf;
        if (status === 'reconnecting') return true;
        if (status === 'connected' || status === 'disconnected') return false;
        // connecting (a first connection, or the next try after a drop) or replaced: as it was.
        return context.socketDown;
      },
    }),
  },
  guards: {
    browserOffline: ({ context }) => !context.online,
    socketDown: ({ context }) => context.socketDown,
    socketDropped: ({ event }) => (event as SocketEventOf).status === 'reconnecting',
    socketBack: ({ event }) => {
      const { status } = event as SocketEventOf;
      return status === 'connected' || status === 'disconnected';
    },
  },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => ({ online: input.online, socketDown: false }),
  invoke: { id: 'network', src: 'network' },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'browserOffline', target: 'offline' }, { target: 'online' }],
    },
    online: {
      on: {
        'connectivity.offline': { target: 'offline', actions: 'noteOffline' },
        'connectivity.socket': [{ guard: 'socketDropped', target: 'reconnecting', actions: 'noteSocket' }, { actions: 'noteSocket' }],
      },
    },
    offline: {
      on: {
        'connectivity.online': [
          { guard: 'socketDown', target: 'reconnecting', actions: 'noteOnline' },
          { target: 'online', actions: 'noteOnline' },
        ],
        'connectivity.socket': { actions: 'noteSocket' },
      },
    },
    reconnecting: {
      on: {
        'connectivity.offline': { target: 'offline', actions: 'noteOffline' },
        'connectivity.socket': [{ guard: 'socketBack', target: 'online', actions: 'noteSocket' }, { actions: 'noteSocket' }],
      },
    },
  },
});

export type ConnectivityActorRef = ActorRefFrom<typeof connectivityMachine>;
export type ConnectivitySnapshot = SnapshotFrom<typeof connectivityMachine>;
