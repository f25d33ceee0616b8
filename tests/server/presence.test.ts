import fs from 'node:fs/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../src/api/auth';
import { API_BASE } from '../../src/api/paths';
import { SOCKET_PATH, serverEvents } from '../../src/api/socket';
import type { UserOnlinePayload } from '../../src/api/users';
import type { Config } from '../../server/config';
import { startServer, type RunningServer } from '../../server/main';
import { dialects, dropTestSchema, newMember, testConfig } from './harness';

interface Client {
  socket: Socket;
  events: UserOnlinePayload[];
  sessionEnded: unknown[];
}

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function api(server: RunningServer, token: string | null, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.url}${API_BASE}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as any };
}

async function signUp(server: RunningServer) {
  const body = await newMember();
  const { json } = await api(server, null, 'POST', '/signup', body);
  const { token, user } = authResponseSchema.parse(json);
  return { id: user._id, token, username: user.username, password: body.password };
}

async function open(server: RunningServer, token: string): Promise<Client> {
  const socket = connect(server.url, { path: SOCKET_PATH, transports: ['websocket'], auth: { token }, reconnection: false });
  const client: Client = { socket, events: [], sessionEnded: [] };
  socket.on(serverEvents.userOnline, (payload: UserOnlinePayload) => client.events.push(payload));
  socket.on(serverEvents.sessionEnded, (payload: unknown) => client.sessionEnded.push(payload));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await until(() => client.events.some((event) => event.type === 'snapshot'), 'the snapshot');
  return client;
}

const snapshot = (client: Client) => (client.events.find((event) => event.type === 'snapshot') as { userIds: string[] }).userIds;
const changes = (client: Client, userId: string) =>
  client.events.filter((event): event is Extract<UserOnlinePayload, { type: 'change' }> => event.type === 'change' && event.userId === userId).map((event) => event.online);

describe.each(dialects)('presence over real sockets on %s', (dialect) => {
  let config: Config;
  let server: RunningServer;
  const sockets: Client[] = [];
  const track = (client: Client) => (sockets.push(client), client);

  beforeAll(async () => {
    config = { ...(await testConfig(dialect)), port: 0 };
    server = await startServer(config, { handleSignals: false });
  });
  afterAll(async () => {
    for (const client of sockets) client.socket.close();
    await server.close();
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  it('is online while at least one socket is connected; blocked members never learn of each other', async () => {
    const [a, b, c] = [await signUp(server), await signUp(server), await signUp(server)];
    await api(server, b.token, 'PUT', `/user/block/${c.id}`);

    const a1 = track(await open(server, a.token));
    expect(snapshot(a1)).toContain(a.id);

    const b1 = track(await open(server, b.token));
    expect(snapshot(b1)).toEqual(expect.arrayContaining([a.id, b.id]));
    await until(() => changes(a1, b.id).includes(true), 'b online at a');

    const c1 = track(await open(server, c.token));
    expect(snapshot(c1)).toContain(a.id);
    expect(snapshot(c1)).not.toContain(b.id);
    await until(() => changes(a1, c.id).includes(true), 'c online at a');

    // A second socket of b; closing one of them leaves b online.
    const b2 = track(await open(server, b.token));
    b1.socket.close();
    await settle();
    expect(changes(a1, b.id)).not.toContain(false);
    expect((await api(server, a.token, 'GET', '/user/online')).json.userIds).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect((await api(server, c.token, 'GET', '/user/online')).json.userIds).not.toContain(b.id);

    b2.socket.close();
    await until(() => changes(a1, b.id).includes(false), 'b offline at a');
    expect((await api(server, a.token, 'GET', '/user/online')).json.userIds).not.toContain(b.id);

    // c never heard of b, either way.
    await settle();
    expect(changes(c1, b.id)).toEqual([]);
  });

  it('a password change ends the sockets of the other sessions only', async () => {
    const who = await signUp(server);
    const other = (await api(server, null, 'POST', '/signin', { provider: 'local', username: who.username, password: who.password })).json.token as string;
    const here = track(await open(server, who.token));
    const there = track(await open(server, other));
    const answer = await api(server, who.token, 'PUT', '/user/profile/change-password', {
      currentPassword: who.password, newPassword: 'a brand new secret', confirmPassword: 'a brand new secret',
    });
    expect(answer.status).toBe(200);
    await until(() => there.sessionEnded.length === 1 && !there.socket.connected, 'the other session ended');
    expect(there.sessionEnded[0]).toEqual({ reason: 'password-changed' });
    expect(here.sessionEnded).toEqual([]);
    expect(here.socket.connected).toBe(true);
    // The old token cannot open a socket any more; the new one can.
    await expect(open(server, who.token)).rejects.toThrow();
    track(await open(server, answer.json.token));
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('presence across two processes through Redis', () => {
  let config: Config;
  let one: RunningServer;
  let two: RunningServer;
  const sockets: Client[] = [];

  beforeAll(async () => {
    config = { ...(await testConfig(dialects.at(-1)!, { env: { REDIS_URL: process.env.TEST_REDIS_URL! } })), port: 0 };
    one = await startServer(config, { handleSignals: false });
    two = await startServer(config, { handleSignals: false });
  });
  afterAll(async () => {
    for (const client of sockets) client.socket.close();
    await Promise.all([one.close(), two.close()]);
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  it('a member on one process sees members on the other come and go', async () => {
    const [a, b] = [await signUp(one), await signUp(two)];
    const a1 = await open(one, a.token);
    sockets.push(a1);
    const b1 = await open(two, b.token);
    sockets.push(b1);
    expect(snapshot(b1)).toEqual(expect.arrayContaining([a.id, b.id]));
    await until(() => changes(a1, b.id).includes(true), 'b online at a');
    // b also connected on process one: closing the socket on process two leaves b online.
    const b2 = await open(one, b.token);
    sockets.push(b2);
    b1.socket.close();
    await settle();
    expect(changes(a1, b.id)).not.toContain(false);
    expect((await api(two, a.token, 'GET', '/user/online')).json.userIds).toEqual(expect.arrayContaining([a.id, b.id]));
    b2.socket.close();
    await until(() => changes(a1, b.id).includes(false), 'b offline at a');
  });
});
