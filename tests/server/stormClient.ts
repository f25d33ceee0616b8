/**
 * One member's client in the reconnect storm, made of the app's own parts: the socket machine
 * with its real connection effect (socket.io-client, reconnects with the app's back-off, announces
 * `reconnected` on the bus) and one chat machine per conversation ("a tab" each) with the real
 * chat effects over the real API client. So a dropped client catches up exactly as the app does.
 * No vitest here: the storm bench uses it too.
 */
import { io, type Socket } from 'socket.io-client';
import { createActor, type Subscription } from 'xstate';
import type { ChatMessage, SocketAck } from '../../src/api/chat';
import { createApiClient } from '../../src/api/client';
import { API_BASE, paths } from '../../src/api/paths';
import type { ClientEvent, ClientEventPayloads } from '../../src/api/socket';
import { chatLogic } from '../../src/effects/chat';
import { createBus, createConnection, socketLogic } from '../../src/effects/socket';
import type { ChatPeer, ThreadMessage } from '../../src/machines/chat.machine';

export interface StormMember {
  id: string;
  username: string;
  token: string;
}

/** A chat machine showing one conversation, and when what it holds last changed. */
export interface StormTab {
  key: string;
  peer: ChatPeer;
  actor: ReturnType<typeof createActor<ReturnType<typeof chatLogic>>>;
  /** Date.now() of the last change of its stored messages (count or synced seq). */
  changedAt: number;
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

const SEND_PATHS = new Set([`${API_BASE}${paths.chat.send}`, `${API_BASE}${paths.groupChat.sendMessage}`]);

export const storedMessages = (tab: StormTab): ThreadMessage[] => tab.actor.getSnapshot().context.messages.filter((m) => m.status === 'sent');
export const unsentMessages = (tab: StormTab): ThreadMessage[] => tab.actor.getSnapshot().context.messages.filter((m) => m.status !== 'sent');
export const tabReady = (tab: StormTab) => tab.actor.getSnapshot().matches({ conversation: { open: 'ready' } });

/**
 * Starts the member's socket and its tabs (each opens its conversation). `onAck` hears every
 * send the server acknowledged (a 201 that reached this client), with the stored message.
 */
export function startStormClient(opts: { index: number; member: StormMember; url: string; peers: { key: string; peer: ChatPeer }[]; onAck: (message: ChatMessage) => void }): StormClient {
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
    return (current.timeout(timeoutMs).emitWithAck(event, payload) as Promise<SocketAck>).catch(() => ({ ok: false, message: 'No answer' }));
  };
  const app = { system: { get: () => undefined } };
  const logic = chatLogic(app, { api, bus, emit });

  const subscriptions: Subscription[] = [];
  const tabs = opts.peers.map(({ key, peer }, t): StormTab => {
    const actor = createActor(logic, { input: { me: { id: member.id, username: member.username }, clientPrefix: `c${opts.index}t${t}` } });
    const tab: StormTab = { key, peer, actor, changedAt: Date.now() };
    let seen: { messages: unknown; syncedSeq: number; stored: number } = { messages: null, syncedSeq: -1, stored: -1 };
    subscriptions.push(
      actor.subscribe((snapshot) => {
        const { messages, syncedSeq } = snapshot.context;
        if (messages === seen.messages && syncedSeq === seen.syncedSeq) return;
        const stored = messages.reduce((n, m) => (m.status === 'sent' ? n + 1 : n), 0);
        if (stored !== seen.stored || syncedSeq !== seen.syncedSeq) tab.changedAt = Date.now();
        seen = { messages, syncedSeq, stored };
      }),
    );
    actor.start();
    actor.send({ type: 'chat.select', peer });
    return tab;
  });

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
      for (const subscription of subscriptions) subscription.unsubscribe();
      for (const tab of tabs) tab.actor.stop();
      socketActor.stop();
    },
  };
}
