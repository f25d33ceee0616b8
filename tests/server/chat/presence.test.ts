import fs from 'node:fs/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../../src/api/auth';
import type { SocketAck } from '../../../src/api/chat';
import { clientEvents, SOCKET_PATH, serverEvents } from '../../../src/api/socket';
import { PRESENCE_WATCH_MAX, type UserOnlinePayload } from '../../../src/api/users';
import type { Config } from '../../../server/config';
import { startServer, type RunningServer } from '../../../server/main';
import { SOCKET_SLOW_DOWN } from '../../../server/realtime/clientEventLimit';
import { http, settle, waitFor } from '../chatSockets';
import { dialects, dropTestSchema, newMember, testConfig } from '../harness';

interface Client {
  socket: Socket;
  events: UserOnlinePayload[];
  sessionEnded: unknown[];
}

/** A member signed up over HTTP, with their password (the password-change test needs it). */
async function signUp(server: RunningServer) {
  const body = await newMember();
  const { json } = await http(server.url, null, 'POST', '/signup', body);
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
  return client;
}

/** `watch presence` with these members: the acknowledgement. */
const watch = (client: Client, userIds: unknown): Promise<SocketAck> =>
  client.socket.timeout(5000).emitWithAck(clientEvents.watchPresence, { userIds });

const changes = (client: Client, userId: string) => client.events.filter((event) => event.userId === userId).map((event) => event.online);

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

  it('is online while at least one socket is connected; only watchers hear of it; blocked members never learn of each other', async () => {
    const [a, b, c, d] = [await signUp(server), await signUp(server), await signUp(server), await signUp(server)];
    await http(server.url, b.token, 'PUT', `/user/block/${c.id}`);

    const a1 = track(await open(server, a.token));
    expect(await watch(a1, [a.id, b.id, c.id, b.id])).toEqual({ ok: true, online: [a.id] });
    // d is online but watches no one: no change ever reaches it.
    const d1 = track(await open(server, d.token));

    const b1 = track(await open(server, b.token));
    await waitFor(() => changes(a1, b.id).includes(true), 'b online at a');

    // c watches b, but they are in a block: b is left out, online or not.
    const c1 = track(await open(server, c.token));
    expect(await watch(c1, [a.id, b.id])).toEqual({ ok: true, online: [a.id] });
    await waitFor(() => changes(a1, c.id).includes(true), 'c online at a');

    // A second socket of b; closing one of them leaves b online.
    const b2 = track(await open(server, b.token));
    b1.socket.close();
    await settle(300);
    expect(changes(a1, b.id)).not.toContain(false);
    expect((await http(server.url, a.token, 'GET', '/user/online')).json.userIds).toEqual(expect.arrayContaining([a.id, b.id, c.id, d.id]));
    expect((await http(server.url, c.token, 'GET', '/user/online')).json.userIds).not.toContain(b.id);

    b2.socket.close();
    await waitFor(() => changes(a1, b.id).includes(false), 'b offline at a');
    expect((await http(server.url, a.token, 'GET', '/user/online')).json.userIds).not.toContain(b.id);

    // c never heard of b, either way; d heard of no one.
    await settle(300);
    expect(changes(c1, b.id)).toEqual([]);
    expect(d1.events).toEqual([]);

    // A watch replaces the last one: a now follows d only.
    expect(await watch(a1, [d.id])).toEqual({ ok: true, online: [d.id] });
    const b3 = track(await open(server, b.token));
    d1.socket.close();
    await waitFor(() => changes(a1, d.id).includes(false), 'd offline at a');
    // b's second socket (b2) was told too (every connect is); b3's is not: a no longer watches b.
    expect(changes(a1, b.id)).toEqual([true, true, false]);

    // A block made after the watch: the blocked watcher is told nothing more.
    const d2 = track(await open(server, d.token));
    expect(await watch(d2, [b.id])).toEqual({ ok: true, online: [b.id] });
    expect((await http(server.url, b.token, 'PUT', `/user/block/${d.id}`)).status).toBe(200);
    b3.socket.close();
    await settle(300);
    expect(changes(d2, b.id)).toEqual([]);
  });

  it('refuses a watch it cannot take, with a message, and keeps the socket', async () => {
    const a = await signUp(server);
    const a1 = track(await open(server, a.token));
    expect(await watch(a1, 'everyone')).toEqual({ ok: false, message: expect.any(String) });
    expect(await watch(a1, ['not an id'])).toEqual({ ok: false, message: 'Invalid user id' });
    const tooMany = Array.from({ length: PRESENCE_WATCH_MAX + 1 }, () => a.id);
    expect(await watch(a1, tooMany)).toEqual({ ok: false, message: `Watch at most ${PRESENCE_WATCH_MAX} members at once` });
    expect(await watch(a1, [])).toEqual({ ok: true, online: [] });
    expect(a1.socket.connected).toBe(true);
  });

  it('answers a socket that emits too fast with a message, keeps it connected, and counts per socket', async () => {
    // The suite's config lifts the limits; this server keeps a small one (same database).
    const max = 5;
    const strict = await startServer(
      { ...config, rateLimits: { ...config.rateLimits, socketEvents: { max, windowMs: 60_000 } } },
      { handleSignals: false },
    );
    try {
      const a = await signUp(strict);
      const [a1, a2] = [track(await open(strict, a.token)), track(await open(strict, a.token))];
      const answers = await Promise.all(Array.from({ length: max + 3 }, () => watch(a1, [a.id])));
      expect(answers.filter((answer) => answer.ok)).toHaveLength(max);
      expect(answers.filter((answer) => !answer.ok)).toEqual(Array.from({ length: 3 }, () => ({ ok: false, message: SOCKET_SLOW_DOWN })));
      expect(a1.socket.connected).toBe(true);
      // Another socket of the same member has its own count.
      expect(await watch(a2, [a.id])).toEqual({ ok: true, online: [a.id] });
    } finally {
      await strict.close();
    }
  });

  it('a password change ends the sockets of the other sessions only', async () => {
    const who = await signUp(server);
    const other = (await http(server.url, null, 'POST', '/signin', { provider: 'local', username: who.username, password: who.password }))
      .json.token as string;
    const here = track(await open(server, who.token));
    const there = track(await open(server, other));
    const answer = await http(server.url, who.token, 'PUT', '/user/profile/change-password', {
      currentPassword: who.password,
      newPassword: 'a brand new secret',
      confirmPassword: 'a brand new secret',
    });
    expect(answer.status).toBe(200);
    await waitFor(() => there.sessionEnded.length === 1 && !there.socket.connected, 'the other session ended');
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
    expect(await watch(a1, [a.id, b.id])).toEqual({ ok: true, online: [a.id] });
    const b1 = await open(two, b.token);
    sockets.push(b1);
    await waitFor(() => changes(a1, b.id).includes(true), 'b online at a');
    // Who is online is asked of every process: b is only connected to process two.
    expect(await watch(a1, [b.id, a.id])).toEqual({ ok: true, online: [b.id, a.id] });
    // b also connected on process one: closing the socket on process two leaves b online.
    const b2 = await open(one, b.token);
    sockets.push(b2);
    b1.socket.close();
    await settle(300);
    expect(changes(a1, b.id)).not.toContain(false);
    expect((await http(two.url, a.token, 'GET', '/user/online')).json.userIds).toEqual(expect.arrayContaining([a.id, b.id]));
    b2.socket.close();
    await waitFor(() => changes(a1, b.id).includes(false), 'b offline at a');
  });
});
