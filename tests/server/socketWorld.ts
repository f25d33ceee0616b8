import fs from 'node:fs/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { authResponseSchema } from '../../src/api/auth';
import { API_BASE } from '../../src/api/paths';
import { SOCKET_PATH, clientEvents, serverEvents, type SocketAck } from '../../src/api/socket';
import { onEachPostAdded, onEachPostEvent } from './chatSockets';
import type { Config } from '../../server/config';
import { startServer, type RunningServer } from '../../server/main';
import { dropTestSchema, newMember, testConfig, type DialectName } from './harness';

export interface SocketClient<E extends string> {
  id: string;
  token: string;
  socket: Socket;
  events: { event: E; payload: any }[];
}

/**
 * A real server with one signed-up member per role, each with a connected socket recording the
 * given events (for the current describe block: started before its tests, closed after them).
 */
export function socketWorld<Role extends string, E extends string>(
  dialect: DialectName,
  options: { roles: readonly Role[]; events: readonly E[]; siteAdmins: readonly Role[] },
) {
  const { roles, events } = options;
  let config: Config;
  let server: RunningServer;
  const clients = {} as Record<Role, SocketClient<E>>;

  beforeAll(async () => {
    config = { ...(await testConfig(dialect)), port: 0 };
    server = await startServer(config, { handleSignals: false });
    for (const role of roles) {
      const response = await fetch(`${server.url}${API_BASE}/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(await newMember()),
      });
      const { token, user } = authResponseSchema.parse(await response.json());
      if (options.siteAdmins.includes(role)) {
        await server.app.services.database.db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', user._id).execute();
      }
      const socket = connect(server.url, { path: SOCKET_PATH, transports: ['websocket'], auth: { token }, reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const client: SocketClient<E> = { id: user._id, token, socket, events: [] };
      for (const event of events) {
        socket.on(event as string, (payload: unknown) => void client.events.push({ event, payload }));
        // New posts come batched (`posts added`); a post that newly reaches a member comes alone.
        if (event === serverEvents.postAdded) onEachPostAdded(socket, (payload) => void client.events.push({ event, payload }));
      }
      // A post's own events come batched (`post events`), in the order they happened.
      onEachPostEvent(socket, (each) => {
        if ((events as readonly string[]).includes(each.event)) client.events.push(each as { event: E; payload: unknown });
      });
      clients[role] = client;
    }
  });
  afterAll(async () => {
    for (const role of roles) clients[role]?.socket.close();
    await server.close();
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  /** Calls the API as a role (or without a session) and expects a 2xx. */
  async function api(who: Role | null, method: string, url: string, body?: unknown) {
    const response = await fetch(`${server.url}${API_BASE}${url}`, {
      method,
      headers: {
        ...(who ? { authorization: `Bearer ${clients[who].token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = await response.json();
    expect(response.status, `${method} ${url}: ${JSON.stringify(json)}`).toBeLessThan(300);
    return json;
  }

  /** Runs the action, waits until the expected members got the event, then checks nobody else did. */
  async function expectFanout<T>(
    event: E,
    receivers: Role[],
    action: () => Promise<T>,
  ): Promise<{ result: T; got: Partial<Record<Role, any>> }> {
    for (const role of roles) clients[role].events = [];
    const result = await action();
    // An action that answers a post is about that post: a new post of an earlier action may still be
    // on its way (new posts go out in batches, posts/announce.ts) and is not this action's doing.
    const postId = (result as { post?: { _id?: string } } | undefined)?.post?._id;
    const about = (payload: any) => postId === undefined || (payload?.post?._id ?? payload?.postId ?? postId) === postId;
    const eventOf = (role: Role) => clients[role].events.find((e) => e.event === event && about(e.payload));
    const deadline = Date.now() + 5000;
    while (receivers.some((role) => !eventOf(role)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Give any wrongly addressed event time to arrive too.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const got: Partial<Record<Role, any>> = {};
    const receivedBy = roles.filter((role) => eventOf(role));
    for (const role of receivedBy) got[role] = eventOf(role)!.payload;
    expect([...receivedBy].sort(), event).toEqual([...receivers].sort());
    return { result, got };
  }

  /**
   * The sockets of these roles (every role by default) watch these posts (`watch posts`, replacing
   * what they watched): a post's own events (counts, comments, edits, deletion) reach watchers only.
   */
  async function watch(postIds: string[], who: readonly Role[] = roles): Promise<void> {
    for (const role of who) {
      const ack = (await clients[role].socket.emitWithAck(clientEvents.watchPosts, { postIds })) as SocketAck;
      expect(ack, `${role} watches ${postIds.join(', ')}`).toEqual({ ok: true });
    }
  }

  return { clients, api, expectFanout, watch, server: () => server };
}
