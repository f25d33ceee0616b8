import type { io as ioFunction, Socket } from 'socket.io-client';
import { fromCallback, type AnyActorRef } from 'xstate';
import type { Post } from '../../api/posts';
import { browserOnline } from '../offline/connectivity';
import {
  SOCKET_PATH,
  serverEvents,
  type ClientEvent,
  type ClientEventPayloads,
  type PostEventsPayload,
  type PostsAddedPayload,
  type SessionEndedPayload,
  type SocketAck,
  type StreamEvent,
} from '../../api/socket';
import {
  socketMachine,
  type ChatLiveEvent,
  type ConnectionCommand,
  type SocketEvent,
  type SocketMessage,
} from '../../machines/shell/socket.machine';

/**
 * The streams' bus: the socket machine publishes every server event and each reconnect here;
 * screen machines subscribe through an invoked callback actor (src/effects/streams/streams.ts) that
 * turns them into their own events. A plain in-memory fan-out: no state, no replay of old
 * messages (a screen that missed something catches up over HTTP after `reconnected`).
 */
export type BusMessage =
  | SocketMessage
  | { event: 'reconnected' }
  | { event: 'reset'; feed: 'streams' | 'questions' }
  /** From this tab (the author menu): the member now follows / no longer follows `userId`. */
  | { event: 'following'; userId: string; following: boolean }
  /** From this tab (the author menu): the member blocked `userId`; their posts leave every list. */
  | { event: 'blocked'; userId: string }
  /** From this tab's outbox: a post or question written while no server answered was stored (src/effects/offline/outbox.ts). */
  | { event: 'published'; post: Post }
  /** The member was banned: the socket's `banned` event, or a request refused as banned (src/effects/session/banWatch.ts). */
  | { event: 'account banned' }
  /** This session was ended from another device: the socket said so, or a request was refused (src/effects/session/sessionEndWatch.ts). */
  | { event: 'session ended' };
type Listener = (message: BusMessage) => void;

export function createBus() {
  const listeners = new Set<Listener>();
  return {
    publish(message: BusMessage) {
      for (const listener of [...listeners]) listener(message);
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get size() {
      return listeners.size;
    },
  };
}
export type Bus = ReturnType<typeof createBus>;

/** The app's one bus. */
export const streamsBus = createBus();

const STREAM_EVENTS = [
  serverEvents.postAdded,
  serverEvents.postUpdated,
  serverEvents.postDeleted,
  serverEvents.postReactions,
  serverEvents.commentAdded,
  serverEvents.commentUpdated,
  serverEvents.commentDeleted,
  serverEvents.questionAnswers,
  serverEvents.relationChanged,
  serverEvents.userOnline,
  // Private chat (the chat screen's machine, src/effects/chat/chat.ts).
  serverEvents.messageReceived,
  serverEvents.messageRead,
  serverEvents.messageReaction,
  serverEvents.messageDeleted,
  serverEvents.chatList,
  // Another tab of the member opened or closed a private chat (the viewing effect, src/effects/chat/chat.ts).
  serverEvents.addChatUsers,
  // Group chats (the same screen).
  serverEvents.groupChatList,
  serverEvents.groupUpdated,
  serverEvents.groupDeleted,
  serverEvents.groupMemberPromoted,
  serverEvents.groupMemberRemoved,
  serverEvents.groupMessageReceived,
  serverEvents.groupMessageReaction,
  serverEvents.groupMessageDeleted,
  serverEvents.groupRead,
  // Groups: invitations and changes reach the groups page (src/effects/groups/groups.ts).
  serverEvents.groupAction,
  // "Tell the member" (their settings decide on the server): the app's notices (src/effects/shell/notices.ts).
  serverEvents.notification,
  // Moderation: the member was just banned (src/effects/session/banWatch.ts).
  serverEvents.banned,
  // The inbox read, deleted or withdrawn (any tab): the badge and the notifications page (src/effects/notifications/inbox.ts).
  serverEvents.notificationsChanged,
] as const satisfies readonly (StreamEvent | ChatLiveEvent)[];

/** The member's open socket, for the few events a client emits (chat: join group room, group action). */
let current: Socket | null = null;

/**
 * Emits a client event and answers the server's acknowledgement; without a connection (or an
 * answer within `timeoutMs`) it answers `{ok: false}`: the server puts each socket in its rooms on
 * connect anyway, so these events only ask it to re-check sooner.
 */
export function emitToServer<E extends ClientEvent>(event: E, payload: ClientEventPayloads[E], timeoutMs = 5000): Promise<SocketAck> {
  const socket = current;
  if (!socket?.connected) return Promise.resolve({ ok: false, message: 'Not connected' });
  return (socket.timeout(timeoutMs).emitWithAck(event, payload) as Promise<SocketAck>).catch(() => ({ ok: false, message: 'No answer' }));
}

type Io = typeof ioFunction;
/** socket.io-client is loaded with the first connection: the sign-in screens never carry it. */
const loadIo = (): Promise<Io> => import('socket.io-client').then((module) => module.io);

/**
 * The socket.io client as the socket machine's connection actor: websocket transport only,
 * the token in the handshake, socket.io's own reconnection off (the machine retries with
 * `connection.open`). Stopping the actor closes the socket.
 */
export const createConnection = (
  url = '',
  load: () => Promise<Io> = loadIo,
  /** The server ended this session from another device (its `session ended` says `ended`). */
  endedElsewhere: () => void = () => streamsBus.publish({ event: 'session ended' }),
) =>
  fromCallback<ConnectionCommand, { token: string }>(({ input, sendBack, receive }) => {
    let socket: Socket | null = null;
    let stopped = false;
    const send = (event: SocketEvent) => sendBack(event);
    // Offline, a connection is not even tried (it would only fail, and log): it opens when the
    // browser is back online, and the machine stays connecting or reconnecting meanwhile.
    let waitingForNetwork: (() => void) | null = null;
    const connect = () => {
      if (!socket || socket.connected || stopped) return;
      if (browserOnline() || typeof window === 'undefined') return void socket.connect();
      if (waitingForNetwork) return;
      waitingForNetwork = () => {
        window.removeEventListener('online', waitingForNetwork!);
        waitingForNetwork = null;
        connect();
      };
      window.addEventListener('online', waitingForNetwork);
    };
    receive((command) => {
      if (command.type === 'connection.open') connect();
    });
    load().then(
      (io) => {
        if (stopped) return;
        socket = io(url, {
          path: SOCKET_PATH,
          transports: ['websocket'],
          auth: { token: input.token },
          reconnection: false,
          autoConnect: false,
        });
        current = socket;
        socket.on('connect', () => send({ type: 'socket.connected' }));
        socket.on('connect_error', (error: Error) => send({ type: 'socket.connectError', message: error.message }));
        socket.on('disconnect', (reason: string) => {
          // A disconnect the client asked for (stop) is not a drop.
          if (reason !== 'io client disconnect') send({ type: 'socket.disconnected', reason });
        });
        socket.on(serverEvents.sessionEnded, (payload?: SessionEndedPayload) => {
          send({ type: 'socket.sessionEnded' });
          if (payload?.reason === 'ended') endedElsewhere();
        });
        socket.on(serverEvents.socketReplaced, () => send({ type: 'socket.replaced' }));
        for (const name of STREAM_EVENTS) {
          socket.on(name, (payload: unknown) => send({ type: 'socket.message', event: name, payload } as SocketEvent));
        }
        // New posts come several to a frame; the screens take each as the `post added` it stands for.
        socket.on(serverEvents.postsAdded, ({ posts }: PostsAddedPayload) => {
          for (const post of posts) send({ type: 'socket.message', event: serverEvents.postAdded, payload: { post } });
        });
        // So do a post's own events (counts, comments, answers): each is handed on by its own name.
        socket.on(serverEvents.postEvents, ({ events }: PostEventsPayload) => {
          for (const { event, payload } of events) send({ type: 'socket.message', event, payload } as SocketEvent);
        });
        connect();
      },
      (error: Error) => send({ type: 'socket.connectError', message: error.message }),
    );
    // A replaced socket waits for the member to look at its tab again (the machine ignores this otherwise).
    const resume = () => {
      if (typeof document === 'undefined' || document.visibilityState === 'visible') send({ type: 'socket.resume' });
    };
    if (typeof window !== 'undefined') {
      window.addEventListener('focus', resume);
      document.addEventListener('visibilitychange', resume);
    }
    return () => {
      if (typeof window !== 'undefined') {
        window.removeEventListener('focus', resume);
        document.removeEventListener('visibilitychange', resume);
      }
      stopped = true;
      if (waitingForNetwork) window.removeEventListener('online', waitingForNetwork);
      if (current === socket) current = null;
      socket?.removeAllListeners();
      socket?.disconnect();
    };
  });

/** Tells the screens' lists to reload page 1 (the sidebar's Streams / Questions click). */
export function resetFeed(feed: 'streams' | 'questions', bus: Bus = streamsBus, system?: { get(id: string): AnyActorRef | undefined }) {
  // An app child registered under that systemId hears it too.
  system?.get(feed)?.send({ type: `${feed}.reset` });
  bus.publish({ event: 'reset', feed });
}

/** The socket machine with its real effects. */
export function socketLogic(bus: Bus = streamsBus, connection = createConnection()) {
  return socketMachine.provide({
    actors: { connection },
    actions: {
      publish: (_, message: SocketMessage) => {
        bus.publish(message);
        // A follow or block made in another tab (or someone's block) reaches the lists as if made here.
        if (message.event === serverEvents.banned) bus.publish({ event: 'account banned' });
        if (message.event !== serverEvents.relationChanged) return;
        const { userId, following, blocked } = message.payload;
        if (following !== undefined) bus.publish({ event: 'following', userId, following });
        if (blocked) bus.publish({ event: 'blocked', userId });
      },
      announceReconnected: () => bus.publish({ event: 'reconnected' }),
    },
  });
}
