/**
 * One member's client in the reconnect storm, made of the app's own parts: the socket machine
 * with its real connection effect (socket.io-client, reconnects with the app's back-off, announces
 * `reconnected` on the bus) and one chat machine per conversation ("a tab" each) with the real
 * chat effects over the real API client. So a dropped client catches up exactly as the app does.
 * No vitest here: the storm bench uses it too.
 */
import { randomClientSeed } from '../../src/machines/shared/clientIds';
import { io, type Socket } from 'socket.io-client';
import { createActor, type Subscription } from 'xstate';
import type { ChatMessage, SocketAck } from '../../src/api/chat';
import { createApiClient } from '../../src/api/client';
import { API_BASE, paths } from '../../src/api/paths';
import type { ClientEvent, ClientEventPayloads } from '../../src/api/socket';
import { chatLogic } from '../../src/effects/chat/chat';
import { outboxLogic, type OutboxBrowser } from '../../src/effects/offline/outbox';
import type { OutboxDatabase } from '../../src/effects/offline/outboxDb';
import { createBus, createConnection, socketLogic } from '../../src/effects/shell/socket';
import { followConversation } from './stormFollower';
import type { ChatPeer, ThreadMessage } from '../../src/machines/chat/chat.machine';

export interface StormMember {
  id: string;
  username: string;
  token: string;
}

/**
 * One conversation as a client shows it: the app's chat machine ('machine', the test), or a
 * follower of the same protocol without the screen's machinery ('protocol', the 300-client bench:
 * see stormFollower.ts).
 */
export interface StormTab {
  key: string;
  peer: ChatPeer;
  /** Date.now() of the last change of its stored messages (count or synced seq). */
  changedAt: number;
  /** Stored messages as held, in the order shown. */
  stored(): ChatMessage[];
  /** Our own messages not (yet) acknowledged: pending or failed. */
  unsent(): { body: string; clientId: string | null; status: string; error?: string | undefined }[];
  ready(): boolean;
  send(body: string): void;
  retry(clientId: string): void;
  /** State and synced seq, for a failure's message. */
  describe(): string;
  stop(): void;
}

export interface StormClient {
  index: number;
  member: StormMember;
  tabs: StormTab[];
  /** Date.now() of every (re)connect of its socket, the first included. */
  connects: number[];
  connected(): boolean;
  /** The socket machine's state, for a failure's message. */
  socketState(): string;
  /** Closes the socket's transport (`socket.io.engine.close()`): a dropped network, as the server sees it. */
  drop(): boolean;
  stop(): void;
}

/** The outbox's browser side in memory: nothing kept across a restart, no other tabs to tell. */
const memoryOutbox = (): OutboxBrowser => ({
  channel: () => ({ postMessage: () => {}, close: () => {}, addEventListener: () => {} }),
  open: async () =>
    ({
      getAllFromIndex: async () => [],
      put: async () => undefined,
      delete: async () => undefined,
      close: () => {},
    }) as unknown as OutboxDatabase,
});

const SEND_PATHS = new Set([`${API_BASE}${paths.chat.send}`, `${API_BASE}${paths.groupChat.sendMessage}`]);

export type TabKind = 'machine' | 'protocol';

/**
 * Starts the member's socket and its tabs (each opens its conversation). `onAck` hears every
 * send the server acknowledged (a 201 that reached this client), with the stored message.
 */
export function startStormClient(opts: {
  index: number;
  member: StormMember;
  url: string;
  peers: { key: string; peer: ChatPeer }[];
  tabs: TabKind;
  onAck: (message: ChatMessage) => void;
}): StormClient {
  const { member, url } = opts;
  const bus = createBus();
  let socket: Socket | null = null;
  const connects: number[] = [];
  bus.subscribe((message) => {
    if (message.event === 'reconnected') connects.push(Date.now());
  });

  // The app's connection effect; only the io() it loads is wrapped, to hold the socket for drop().
  const load = async () =>
    ((uri: string, options: Parameters<typeof io>[1]) => {
      socket = io(uri, { ...options, forceNew: true });
      return socket;
    }) as typeof io;
  const socketActor = createActor(socketLogic(bus, createConnection(url, load)));
  socketActor.start();
  socketActor.send({ type: 'socket.start', token: member.token });

  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const target = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (response.status === 201 && (init?.method ?? 'GET').toUpperCase() === 'POST' && SEND_PATHS.has(new URL(target).pathname)) {
      const body = (await response.clone().json()) as { chat: ChatMessage };
      opts.onAck(body.chat);
    }
    return response;
  };
  const api = createApiClient({ baseURL: url, getToken: () => member.token, fetch: recordingFetch });
  // Like the app's emitToServer, on this member's own socket.
  const emit = <E extends ClientEvent>(event: E, payload: ClientEventPayloads[E], timeoutMs = 5000): Promise<SocketAck> => {
    const current = socket;
    if (!current?.connected) return Promise.resolve({ ok: false, message: 'Not connected' });
    return (current.timeout(timeoutMs).emitWithAck(event, payload) as Promise<SocketAck>).catch(() => ({
      ok: false,
      message: 'No answer',
    }));
  };
  // The member's outbox, as the app runs it (a send that finds no server waits there and goes
  // in order once the socket is back), kept in memory: this process has no IndexedDB, and one
  // tab per member sends (no lock to ask for).
  const outbox = createActor(outboxLogic(api, memoryOutbox), { input: { online: false } });
  outbox.start();
  outbox.send({ type: 'outbox.start', userId: member.id });
  const connectivity = socketActor.subscribe((snapshot) =>
    outbox.send({ type: 'outbox.connectivity', online: snapshot.matches({ active: 'connected' }) }),
  );
  const app = { system: { get: (systemId: string) => (systemId === 'outbox' ? outbox : undefined) } };
  const tabs = opts.peers.map(({ key, peer }) =>
    opts.tabs === 'machine'
      ? machineTab({
          key,
          peer,
          member,
          clientSeed: randomClientSeed(),
          logic: chatLogic(app, { api, bus, emit }),
        })
      : followConversation({ key, peer, member, clientSeed: randomClientSeed(), api, bus }),
  );

  return {
    index: opts.index,
    member,
    tabs,
    connects,
    connected: () => socketActor.getSnapshot().matches({ active: 'connected' }),
    socketState: () => JSON.stringify(socketActor.getSnapshot().value),
    drop() {
      const current = socket;
      if (!current?.connected) return false;
      current.io.engine.close();
      return true;
    },
    stop() {
      for (const tab of tabs) tab.stop();
      connectivity.unsubscribe();
      outbox.stop();
      socketActor.stop();
    },
  };
}

/** The app's chat machine with its real effects, showing one conversation. */
function machineTab(opts: {
  key: string;
  peer: ChatPeer;
  member: StormMember;
  clientSeed: string;
  logic: ReturnType<typeof chatLogic>;
}): StormTab {
  const actor = createActor(opts.logic, {
    input: { me: { id: opts.member.id, username: opts.member.username }, clientSeed: opts.clientSeed },
  });
  const messages = () => actor.getSnapshot().context.messages;
  let seen: { messages: unknown; syncedSeq: number; stored: number } = { messages: null, syncedSeq: -1, stored: -1 };
  const tab: StormTab = {
    key: opts.key,
    peer: opts.peer,
    changedAt: Date.now(),
    stored: () => messages().filter((m) => m.status === 'sent'),
    unsent: () => messages().filter((m: ThreadMessage) => m.status !== 'sent'),
    ready: () => actor.getSnapshot().matches({ conversation: { open: 'ready' } }),
    send: (body) => actor.send({ type: 'chat.send', body }),
    retry: (clientId) => actor.send({ type: 'chat.retrySend', clientId }),
    describe: () => `synced to ${actor.getSnapshot().context.syncedSeq}; state ${JSON.stringify(actor.getSnapshot().value)}`,
    stop: () => {
      subscription.unsubscribe();
      actor.stop();
    },
  };
  const subscription: Subscription = actor.subscribe((snapshot) => {
    const { messages: now, syncedSeq } = snapshot.context;
    if (now === seen.messages && syncedSeq === seen.syncedSeq) return;
    const stored = now.reduce((n, m) => (m.status === 'sent' ? n + 1 : n), 0);
    if (stored !== seen.stored || syncedSeq !== seen.syncedSeq) tab.changedAt = Date.now();
    seen = { messages: now, syncedSeq, stored };
  });
  actor.start();
  actor.send({ type: 'chat.select', peer: opts.peer });
  return tab;
}
