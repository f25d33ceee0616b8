import { assertEvent, assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredCallback } from '../shared/required';
import type { ChatEventPayloads, StreamEvent, StreamEventPayloads } from '../../api/socket';

/** A server event of the streams, as the connection hands it over. */
export type SocketMessage = { [K in StreamEvent]: { event: K; payload: StreamEventPayloads[K] } }[StreamEvent] | ChatSocketMessage;

/** The chat's server events the screens listen to (private, then group chats). */
export type ChatLiveEvent =
  | 'message received'
  | 'message read'
  | 'message reaction'
  | 'message deleted'
  | 'chat list'
  | 'group chat list'
  | 'group updated'
  | 'group deleted'
  | 'group member promoted'
  | 'group member removed'
  | 'group message received'
  | 'group message reaction'
  | 'group message deleted'
  | 'group read'
  /** The member's own sockets: one of their tabs opened or closed a private chat (src/effects/chat/chat.ts, viewing). */
  | 'add chat users'
  /** Not chat screens': the app's notices (src/effects/shell/notices.ts). */
  | 'notification';
export type ChatSocketMessage = { [K in ChatLiveEvent]: { event: K; payload: ChatEventPayloads[K] } }[ChatLiveEvent];

export type SocketEvent =
  /** The session is signed in with this token (sent by the app on every session snapshot). */
  | { type: 'socket.start'; token: string }
  /** The session is not signed in. */
  | { type: 'socket.stop' }
  // From the connection actor:
  | { type: 'socket.connected' }
  | { type: 'socket.connectError'; message: string }
  | { type: 'socket.disconnected'; reason: string }
  /** The server ended the socket because the session ended (sign-out, ban, password change). */
  | { type: 'socket.sessionEnded' }
  /** The server closed this socket for a newer one of the member's (past the sockets cap). */
  | { type: 'socket.replaced' }
  /** The tab is looked at again (shown or focused): a replaced socket may connect again. */
  | { type: 'socket.resume' }
  | ({ type: 'socket.message' } & SocketMessage);

/** Commands the machine sends its connection actor. */
export type ConnectionCommand = { type: 'connection.open' };

export interface SocketContext {
  token: string;
  /** Failed attempts in a row; the retry delay doubles with each. */
  attempts: number;
  lastError: string | null;
}

export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;
export const retryDelay = (attempts: number) => Math.min(RETRY_BASE_MS * 2 ** Math.max(attempts - 1, 0), RETRY_MAX_MS);

const initial: SocketContext = { token: '', attempts: 0, lastError: null };

/**
 * The member's socket (app child, systemId 'socket'). Runs while the session is signed in;
 * the token goes in the handshake. socket.io's own reconnection is off: this chart decides
 * when to try again (after a connection error, a connection dropped before or after the server
 * let it in, with a doubling delay),
 * and a connect after the first one is announced as a reconnect so lists can catch up.
 * Server events arrive as `socket.message` and are published (effect) to the screens' bus.
 */
export const socketMachine = setup({
  types: { context: {} as SocketContext, events: {} as SocketEvent },
  actors: {
    /** Effect: the socket.io client. Opens when started and again on `connection.open`; closes when stopped. */
    connection: requiredCallback<ConnectionCommand, { token: string }>(),
  },
  actions: {
    /** Effect: hands a server event to the screens' subscribers. */
    publish: (_, _message: SocketMessage) => {},
    /**
     * Effect: tells the screens the socket is (back) up, so they fetch what they may have missed. On
     * the first connect too: a screen may have loaded before it, and whatever happened between its
     * load and the connect reached no socket of this member.
     */
    announceReconnected: () => {},
    open: sendTo('connection', { type: 'connection.open' }),
  },
  guards: {
    tokenChanged: ({ context, event }) => {
      assertEvent(event, 'socket.start');
      return event.token !== context.token;
    },
  },
  delays: {
    RETRY: ({ context }) => retryDelay(context.attempts),
  },
}).createMachine({
  id: 'socket',
  context: initial,
  initial: 'disconnected',
  states: {
    disconnected: {
      entry: assign(() => ({ ...initial })),
      on: {
        'socket.start': { target: 'active', actions: assign({ token: ({ event }) => event.token }) },
      },
    },
    active: {
      invoke: { id: 'connection', src: 'connection', input: ({ context }) => ({ token: context.token }) },
      initial: 'connecting',
      on: {
        'socket.stop': 'disconnected',
        'socket.sessionEnded': 'disconnected',
        'socket.start': {
          guard: 'tokenChanged',
          target: 'active',
          reenter: true,
          actions: assign({ token: ({ event }) => event.token, attempts: 0, lastError: null }),
        },
      },
      states: {
        connecting: {
          on: {
            'socket.connected': { target: 'connected', actions: 'announceReconnected' },
            'socket.connectError': {
              target: 'reconnecting',
              actions: assign({
                attempts: ({ context }) => context.attempts + 1,
                lastError: ({ event }) => event.message,
              }),
            },
            // The transport opened but closed before the server let the socket in (the server went
            // down mid-handshake): socket.io reports that as a disconnect, not a connect error,
            // and it will not try again by itself.
            'socket.disconnected': {
              target: 'reconnecting',
              actions: assign({
                attempts: ({ context }) => context.attempts + 1,
                lastError: ({ event }) => event.reason,
              }),
            },
          },
        },
        connected: {
          entry: assign({ attempts: 0, lastError: null }),
          on: {
            'socket.disconnected': {
              target: 'reconnecting',
              actions: assign({ attempts: 1, lastError: ({ event }) => event.reason }),
            },
            'socket.replaced': 'replaced',
            'socket.message': {
              actions: {
                type: 'publish',
                params: ({ event }) => ({ event: event.event, payload: event.payload }) as SocketMessage,
              },
            },
          },
        },
        reconnecting: {
          // The connection opens by itself when it starts; a retry asks it again.
          after: { RETRY: { target: 'connecting', actions: 'open' } },
        },
        // Closed for a newer tab of the member's: trying again at once would close the next oldest,
        // so this tab waits until the member looks at it.
        replaced: {
          on: { 'socket.resume': { target: 'connecting', actions: 'open' } },
        },
      },
    },
  },
});

export type SocketActorRef = ActorRefFrom<typeof socketMachine>;
export type SocketSnapshot = SnapshotFrom<typeof socketMachine>;
/** 'disconnected' | 'connecting' | 'connected' | 'reconnecting'. */
export const selectSocketStatus = (snapshot: SocketSnapshot) =>
  snapshot.matches('disconnected')
    ? 'disconnected'
    : (Object.values(snapshot.value)[0] as 'connecting' | 'connected' | 'reconnecting' | 'replaced');
