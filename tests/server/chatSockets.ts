import fs from 'node:fs/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { authResponseSchema } from '../../src/api/auth';
import type { SocketAck } from '../../src/api/chat';
import { API_BASE } from '../../src/api/paths';
import {
  SOCKET_PATH,
  clientEvents,
  serverEvents,
  type PostEventPayload,
  type PostEventsPayload,
  type PostsAddedPayload,
  type WatchedPostEvent,
} from '../../src/api/socket';
import type { Config } from '../../server/config';
import { startServer, type RunningServer } from '../../server/main';
import { dropTestSchema, newMember, testConfig, type DialectName } from './harness';

/** A member with a real socket.io client that records every server event it gets. */
export interface ChatClient {
  id: string;
  username: string;
  token: string;
  socket: Socket;
  events: { event: string; payload: any }[];
}

export async function http(baseUrl: string, token: string | null, method: string, url: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${API_BASE}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as any };
}

export async function okHttp(baseUrl: string, token: string, method: string, url: string, body?: unknown) {
  const answer = await http(baseUrl, token, method, url, body);
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.json)}`).toBeLessThan(300);
  return answer.json;
}

export async function signUpMember(baseUrl: string) {
  const response = await fetch(`${baseUrl}${API_BASE}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(await newMember()),
  });
  const { token, user } = authResponseSchema.parse(await response.json());
  return { id: user._id, username: user.username, token };
}

/** Connects and waits until the server has put the socket in its rooms ('join room' is acknowledged). */
export async function openSocket(
  baseUrl: string,
  token: string,
  options: { reconnection?: boolean; extraHeaders?: Record<string, string> } = {},
): Promise<Socket> {
  const socket = connect(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token },
    reconnection: options.reconnection ?? false,
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
    ...(options.extraHeaders ? { extraHeaders: options.extraHeaders } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  await emitAck(socket, 'join room', 'user:someone-else');
  return socket;
}

export function emitAck(socket: Socket, event: string, payload: unknown): Promise<SocketAck> {
  return socket.timeout(5000).emitWithAck(event, payload);
}

/**
 * Records every server event the socket gets. A frame of new posts (`posts added`) is recorded as one
 * `post added` per post, and a frame of a post's events (`post events`) as each of its events, as
 * the app's socket effect hands them on (src/effects/shell/socket.ts).
 */
export function record(client: { socket: Socket; events: { event: string; payload: any }[] }): void {
  for (const event of Object.values(serverEvents)) {
    if (event === serverEvents.postsAdded)
      onEachPostAdded(client.socket, (payload) => client.events.push({ event: serverEvents.postAdded, payload }));
    else if (event === serverEvents.postEvents) onEachPostEvent(client.socket, (each) => client.events.push(each));
    else client.socket.on(event, (payload: unknown) => client.events.push({ event, payload }));
  }
}

/** Calls `each` with every event of every `post events` frame, in order. */
export function onEachPostEvent(socket: Socket, each: (event: WatchedPostEvent) => void): void {
  socket.on(serverEvents.postEvents, ({ events }: PostEventsPayload) => {
    for (const event of events) each(event);
  });
}

/** Calls `each` with a `post added` payload for every post of every `posts added` frame, in order. */
export function onEachPostAdded(socket: Socket, each: (payload: PostEventPayload) => void): void {
  socket.on(serverEvents.postsAdded, ({ posts }: PostsAddedPayload) => {
    for (const post of posts) each({ post });
  });
}

export async function waitFor<T>(find: () => T | undefined, what: string, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The real server (startServer on port 0, this dialect) for one describe block, and members with
 * recording sockets: created in beforeAll, closed with their sockets and data in afterAll.
 */
export function liveServer(dialect: DialectName) {
  let config: Config;
  let server: RunningServer;
  const clients: ChatClient[] = [];
  beforeAll(async () => {
    config = { ...(await testConfig(dialect)), port: 0 };
    server = await startServer(config, { handleSignals: false });
  });
  afterAll(async () => {
    for (const c of clients) c.socket.close();
    await server.close();
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });
  return {
    /** The server's address (after beforeAll). */
    get url() {
      return server.url;
    },
    /** A new member with an open socket that records every event it gets. */
    async client(): Promise<ChatClient> {
      const member = await signUpMember(server.url);
      const c: ChatClient = { ...member, socket: await openSocket(server.url, member.token), events: [] };
      record(c);
      clients.push(c);
      return c;
    },
    /** Another tab of the same member: a second recording socket on their token. */
    async tab(of: ChatClient): Promise<ChatClient> {
      const c: ChatClient = { ...of, socket: await openSocket(server.url, of.token), events: [] };
      record(c);
      clients.push(c);
      return c;
    },
    ok: (who: ChatClient, method: string, url: string, body?: unknown) => okHttp(server.url, who.token, method, url, body),
    /**
     * The server sends a request's events before it answers, and one socket's frames arrive in
     * order: once an acknowledgement asked for afterwards is back, nothing more of it is on its way.
     */
    drained: (...cs: ChatClient[]) => Promise.all(cs.map((c) => emitAck(c.socket, clientEvents.joinRoom, null))),
  };
}
