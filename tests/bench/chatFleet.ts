/**
 * The chat benchmark's clients: real socket.io-client connections, one per member, held in a
 * worker thread so that on a 2-core machine the server's event loop and the clients' each get a
 * core (as autocannon's worker does in the feed benchmark). The main thread drives it with a few
 * commands (setup, connect, settle, one-to-one, broadcast, memory) and gets figures back; every wait has a
 * timeout that fails the run with what was missing.
 *
 * The same code times every target. "real" sends go through the API the client uses
 * (POST /chat/message, POST /group/message with the member's bearer token) and are received on the
 * peer's socket; a "floor" one-to-one send is a POST to the bare chat server's route
 * (CHAT_FLOOR_PATH), and "bare" sends (and a "floor" broadcast) are one emit to a relay
 * (chatRelay.ts), each carrying the very JSON the real server delivered (captured from the real
 * answers), so all move the same bytes.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import type { ChatMessage } from '../../src/api/chat';
import { API_BASE, paths } from '../../src/api/paths';
import { clientEvents, SOCKET_PATH, serverEvents } from '../../src/api/socket';
import { CHAT_FLOOR_PATH, relayEvents, type RelaySend } from './chatRelay';
import { startTsxWorker } from './tsxWorker';

/** The real server, the relay that stores each message before it emits it (the floor), the bare relay. */
export type Target = 'real' | 'floor' | 'bare';

export interface ConnectArgs {
  target: Target;
  url: string;
  tokens: string[];
  /** Sockets opening at once. */
  concurrency: number;
  timeoutMs: number;
}

export interface OneToOneArgs {
  target: Target;
  /** [sender index, receiver index] per message, sent one after another. */
  pairs: [number, number][];
  timeoutMs: number;
}

export interface BroadcastArgs {
  target: Target;
  sender: number;
  receivers: number[];
  rounds: number;
  timeoutMs: number;
}

/**
 * The posts each socket's screen shows (`watch posts`): `lists[i]` for socket i. The sockets in
 * `live` show a live stream: a new post that reaches them goes on top, and they watch again as the
 * client does (src/effects/streams/postWatch.ts: at once, then at most once per `intervalMs`).
 */
export interface WatchArgs {
  target: Target;
  lists: string[][];
  live: number[];
  intervalMs: number;
  max: number;
  timeoutMs: number;
}

/** Times of one broadcast round, from just before the send: the last receiver, and (real) the last notification. */
export interface BroadcastRound {
  allReceivedMs: number;
  allNotifiedMs: number | null;
}

interface Setup {
  api: string;
  userIds: string[];
  tokens: string[];
  groupId: string;
}

type Command =
  | { cmd: 'setup'; args: Setup }
  | { cmd: 'connect'; args: ConnectArgs }
  | { cmd: 'settle'; args: { quietMs: number; timeoutMs: number } }
  | { cmd: 'oneToOne'; args: OneToOneArgs }
  | { cmd: 'broadcast'; args: BroadcastArgs }
  | { cmd: 'watch'; args: WatchArgs }
  | { cmd: 'watchCount'; args: Record<string, never> }
  | { cmd: 'memory'; args: Record<string, never> }
  | { cmd: 'httpRoundTrips'; args: { url: string; count: number } };

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

/* ------------------------------------------------------------------ main-thread side */

export interface Fleet {
  setup(args: Setup): Promise<void>;
  /** Milliseconds until every socket was connected (real: and in its rooms). */
  connect(args: ConnectArgs): Promise<number>;
  /** Resolves once no socket has received anything for `quietMs` (e.g. after the presence storm of a connect). */
  settle(args: { quietMs: number; timeoutMs: number }): Promise<void>;
  /** Delivery latency of each message in ms. */
  oneToOne(args: OneToOneArgs): Promise<number[]>;
  broadcast(args: BroadcastArgs): Promise<BroadcastRound[]>;
  /** Each socket watches its list (answered once every socket's first watch is acknowledged). */
  watch(args: WatchArgs): Promise<void>;
  /** How many `watch posts` the sockets have sent so far (the live ones re-watch as posts arrive). */
  watchCount(): Promise<number>;
  /** The worker's heap in bytes. */
  memory(): Promise<number>;
  /** Milliseconds of each GET, one after another, until its body is read: what an HTTP request costs by itself. */
  httpRoundTrips(args: { url: string; count: number }): Promise<number[]>;
  terminate(): Promise<void>;
}

export function startFleet(): Fleet {
  const worker = startTsxWorker(import.meta.url, { stoaChatFleet: true });
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  worker.on('message', (reply: Reply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (reply.ok) call.resolve(reply.result);
    else call.reject(new Error(reply.error));
  });
  worker.on('error', (error) => failAll(new Error(`the client worker failed: ${error.message}`)));
  worker.on('exit', (code) => failAll(new Error(`the client worker exited (code ${code})`)));
  const call = <T>(command: Command): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, ...command });
    });
  return {
    setup: (args) => call({ cmd: 'setup', args }),
    connect: (args) => call({ cmd: 'connect', args }),
    settle: (args) => call({ cmd: 'settle', args }),
    oneToOne: (args) => call({ cmd: 'oneToOne', args }),
    broadcast: (args) => call({ cmd: 'broadcast', args }),
    watch: (args) => call({ cmd: 'watch', args }),
    watchCount: () => call({ cmd: 'watchCount', args: {} }),
    memory: () => call({ cmd: 'memory', args: {} }),
    httpRoundTrips: (args) => call({ cmd: 'httpRoundTrips', args }),
    terminate: async () => {
      await worker.terminate();
    },
  };
}

/* ------------------------------------------------------------------ worker side */

function serve(): void {
  let setup: Setup | null = null;
  const fleets: Record<Target, Socket[]> = { real: [], floor: [], bare: [] };
  const urls: Record<Target, string> = { real: '', floor: '', bare: '' };
  const dropped: Record<Target, number> = { real: 0, floor: 0, bare: 0 };
  const templates: { private: ChatMessage | null; group: ChatMessage | null } = { private: null, group: null };
  let lastEventAt = performance.now();
  let sequence = 0;
  /** A client id as the server takes them (a UUID), unique per message of this run: private (1) or group (2), then the target. */
  const clientIdOf = (kind: 1 | 2, target: Target, n: number) =>
    `00000000-0000-4000-8${kind}${{ real: 'a', floor: 'c', bare: 'b' }[target]}0-${n.toString(16).padStart(12, '0')}`;

  /** Who still has to receive what: key `${target}|${event}|${clientId}`. */
  const waiters = new Map<string, { expected: Set<number>; done: (at: number) => void }>();

  const arrived = (target: Target, event: string, clientId: unknown, index: number) => {
    const waiter = waiters.get(`${target}|${event}|${String(clientId)}`);
    if (waiter?.expected.delete(index) && waiter.expected.size === 0) waiter.done(performance.now());
  };

  /** Registered before the send, so no arrival can be missed; resolves with the time of the last one. */
  function expectArrivals(target: Target, event: string, clientId: string, receivers: number[], timeoutMs: number): Promise<number> {
    const key = `${target}|${event}|${clientId}`;
    return new Promise<number>((resolve, reject) => {
      const expected = new Set(receivers);
      const timer = setTimeout(() => {
        waiters.delete(key);
        reject(
          new Error(
            `${target}: "${event}" of message ${clientId} had not reached ${expected.size} of ${receivers.length} receiving sockets ` +
              `after ${timeoutMs} ms (sockets dropped so far: ${dropped[target]})`,
          ),
        );
      }, timeoutMs);
      waiters.set(key, {
        expected,
        done: (at) => {
          clearTimeout(timer);
          waiters.delete(key);
          resolve(at);
        },
      });
    });
  }

  function open(target: Target, url: string, token: string, index: number, timeoutMs: number): Promise<Socket> {
    const socket = io(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
      timeout: timeoutMs,
    });
    socket.onAny((event: string, payload: { clientId?: string; message?: { clientId?: string } } | undefined) => {
      lastEventAt = performance.now();
      if (event === serverEvents.messageReceived || event === serverEvents.groupMessageReceived)
        arrived(target, event, payload?.clientId, index);
      else if (event === serverEvents.notification) arrived(target, event, payload?.message?.clientId, index);
    });
    return new Promise<Socket>((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.close();
        reject(new Error(`${target}: socket ${index} did not connect within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.on('disconnect', () => {
          dropped[target] += 1;
        });
        resolve(socket);
      });
      socket.once('connect_error', (error: Error) => {
        clearTimeout(timer);
        socket.close();
        reject(new Error(`${target}: socket ${index} was refused: ${error.message}`));
      });
    });
  }

  async function connect(args: ConnectArgs): Promise<number> {
    const started = performance.now();
    const sockets: Socket[] = new Array(args.tokens.length);
    for (let from = 0; from < args.tokens.length; from += args.concurrency) {
      const batch = args.tokens.slice(from, from + args.concurrency).map(async (token, offset) => {
        const index = from + offset;
        const socket = await open(args.target, args.url, token, index, args.timeoutMs);
        // Stoa's acknowledgement of 'join room' means the socket is in all its rooms (docs/api.md).
        if (args.target === 'real') await socket.timeout(args.timeoutMs).emitWithAck(clientEvents.joinRoom, null);
        sockets[index] = socket;
      });
      await Promise.all(batch);
      const done = Math.min(args.tokens.length, from + args.concurrency);
      // A long connect phase shows it is moving (the worker's console reaches the same terminal).
      if (done % 250 === 0 && done < args.tokens.length)
        console.log(`  ${args.target}: ${done} sockets connected after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    fleets[args.target] = sockets;
    urls[args.target] = args.url;
    return performance.now() - started;
  }

  async function settle({ quietMs, timeoutMs }: { quietMs: number; timeoutMs: number }): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() - lastEventAt < quietMs) {
      if (performance.now() > deadline) throw new Error(`sockets were still receiving events after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function post(url: string, token: string, body: unknown): Promise<{ chat: ChatMessage }> {
    const response = await fetch(url.startsWith('http') ? url : `${setup!.api}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as { chat: ChatMessage };
  }

  async function oneToOne(args: OneToOneArgs): Promise<number[]> {
    const { userIds, tokens } = setup!;
    const sockets = fleets[args.target];
    const latencies: number[] = [];
    for (const [from, to] of args.pairs) {
      const clientId = clientIdOf(1, args.target, sequence++);
      const body = `benchmark message ${clientId}`;
      const arrival = expectArrivals(args.target, serverEvents.messageReceived, clientId, [to], args.timeoutMs);
      // Should the send itself fail, that error is the one reported, not this wait's timeout.
      arrival.catch(() => undefined);
      const started = performance.now();
      if (args.target === 'real') {
        const { chat } = await post(paths.chat.send, tokens[from]!, { receiverId: userIds[to], body, clientId });
        templates.private = chat;
      } else {
        if (!templates.private)
          throw new Error(`${args.target} one-to-one needs a real message first (its JSON is what the relay carries)`);
        const send: RelaySend = { to: userIds[to]!, message: { ...templates.private, clientId, body } };
        if (args.target === 'floor') await post(`${urls.floor}${CHAT_FLOOR_PATH}`, tokens[from]!, send);
        else sockets[from]!.emit(relayEvents.send, send);
      }
      latencies.push((await arrival) - started);
    }
    return latencies;
  }

  async function broadcast(args: BroadcastArgs): Promise<BroadcastRound[]> {
    const { groupId, tokens } = setup!;
    const rounds: BroadcastRound[] = [];
    for (let round = 0; round < args.rounds; round++) {
      const clientId = clientIdOf(2, args.target, sequence++);
      const body = `benchmark broadcast ${clientId}`;
      const all = expectArrivals(args.target, serverEvents.groupMessageReceived, clientId, args.receivers, args.timeoutMs);
      const notified =
        args.target === 'real' ? expectArrivals(args.target, serverEvents.notification, clientId, args.receivers, args.timeoutMs) : null;
      all.catch(() => undefined);
      notified?.catch(() => undefined);
      const started = performance.now();
      if (args.target === 'real') {
        const { chat } = await post(paths.groupChat.sendMessage, tokens[args.sender]!, { groupId, body, clientId });
        templates.group = chat;
      } else {
        if (!templates.group) throw new Error(`${args.target} broadcast needs a real group message first`);
        fleets[args.target][args.sender]!.emit(relayEvents.broadcast, { ...templates.group, clientId, body });
      }
      const allReceivedMs = (await all) - started;
      rounds.push({ allReceivedMs, allNotifiedMs: notified ? (await notified) - started : null });
    }
    return rounds;
  }

  let watches = 0;
  async function watch(args: WatchArgs): Promise<void> {
    const sockets = fleets[args.target];
    const live = new Set(args.live);
    const send = (socket: Socket, postIds: string[]) => {
      watches += 1;
      return socket.timeout(args.timeoutMs).emitWithAck(clientEvents.watchPosts, { postIds }) as Promise<{ ok: boolean; message?: string }>;
    };
    for (let from = 0; from < sockets.length; from += 50) {
      await Promise.all(
        sockets.slice(from, from + 50).map(async (socket, offset) => {
          const index = from + offset;
          const shown = [...(args.lists[index] ?? [])];
          const ack = await send(socket, shown);
          if (!ack.ok) throw new Error(`socket ${index}: watch posts answered ${ack.message ?? 'not ok'}`);
          if (!live.has(index)) return;
          let lastSentAt = performance.now();
          let timer: NodeJS.Timeout | null = null;
          socket.on(serverEvents.postsAdded, (payload: { posts: { _id: string }[] }) => {
            for (const post of payload.posts) shown.unshift(post._id);
            shown.length = Math.min(shown.length, args.max);
            if (timer) return;
            timer = setTimeout(
              () => {
                timer = null;
                lastSentAt = performance.now();
                void send(socket, [...shown]).catch(() => undefined);
              },
              Math.max(0, lastSentAt + args.intervalMs - performance.now()),
            );
          });
        }),
      );
    }
  }

  const handlers: { [C in Command['cmd']]: (args: Extract<Command, { cmd: C }>['args']) => Promise<unknown> } = {
    setup: async (args) => {
      setup = args;
    },
    connect,
    settle,
    oneToOne,
    broadcast,
    watch,
    watchCount: async () => watches,
    memory: async () => process.memoryUsage().heapUsed,
    httpRoundTrips: async ({ url, count }) => {
      const latencies: number[] = [];
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        const response = await fetch(url);
        await response.text();
        if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
        latencies.push(performance.now() - started);
      }
      return latencies;
    },
  };

  parentPort!.on('message', (message: { id: number } & Command) => {
    const handler = handlers[message.cmd] as (args: unknown) => Promise<unknown>;
    handler(message.args).then(
      (result) => parentPort!.postMessage({ id: message.id, ok: true, result } satisfies Reply),
      (error: unknown) =>
        parentPort!.postMessage({
          id: message.id,
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        } satisfies Reply),
    );
  });
}

if (!isMainThread && (workerData as { stoaChatFleet?: boolean } | null)?.stoaChatFleet) serve();

/** For the report: the API base the fleet posts to. */
export const apiOf = (serverUrl: string) => `${serverUrl}${API_BASE}`;
