/**
 * The reference deployment on this machine (deploy/, docs/deploy.md): three server processes (the
 * bundle `npm start` runs) on one PostgreSQL schema and one Redis, behind nginx running
 * deploy/nginx/stoa.conf. Members come in through nginx only, from loopback addresses of their own
 * (127.x.y.z), which nginx passes on in X-Forwarded-For (TRUST_PROXY=1).
 * nginx comes from Debian's packages (.ci/run installs it); without it, or without PostgreSQL and
 * Redis, this file fails and says what is missing: it is never skipped.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../src/api/auth';
import type { ChatMessage } from '../../src/api/chat';
import { API_BASE, paths } from '../../src/api/paths';
import { SOCKET_PATH, serverEvents } from '../../src/api/socket';
import { followConversation } from '../server/chatCatchUp';
import { onEachPostAdded, waitFor } from '../server/chatSockets';
import { newMember } from '../server/harness';
import { loopbackAddress, request, startCluster, type Answer, type Cluster } from './support/cluster';

interface Member {
  id: string;
  token: string;
  /** The loopback address this member's requests come from. */
  from: string;
}

describe('three Stoa processes behind nginx, on PostgreSQL and Redis', () => {
  let cluster: Cluster;
  const sockets: Socket[] = [];
  const api = (path: string, options: Parameters<typeof request>[1] = {}) => request(`${cluster.url}${API_BASE}${path}`, options);
  const ok = async (answer: Promise<Answer>, what: string) => {
    const got = await answer;
    expect(got.status, `${what}: ${got.body.slice(0, 300)}`).toBeLessThan(300);
    return got.json;
  };

  /** Signs up through nginx, then signs in (a second session) the way the sign-in form does. */
  async function member(from = loopbackAddress()): Promise<Member> {
    const body = await newMember();
    await ok(api(paths.auth.signup, { method: 'POST', body, from }), 'sign up');
    const signedIn = authResponseSchema.parse(
      await ok(
        api(paths.auth.signin, { method: 'POST', body: { provider: 'local', username: body.username, password: body.password }, from }),
        'sign in',
      ),
    );
    return { id: signedIn.user._id, token: signedIn.token, from };
  }

  /**
   * A socket through nginx that reconnects after any drop, as the app's socket machine does
   * (src/machines/shell/socket.machine.ts), and counts its drops. `label` shows in nginx's log.
   */
  async function openSocket(who: Member, label: string): Promise<Socket & { drops: number }> {
    const socket = connect(cluster.url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token: who.token },
      query: { label },
      reconnection: false,
      localAddress: who.from,
    } as Parameters<typeof connect>[1]) as Socket & { drops: number };
    socket.drops = 0;
    sockets.push(socket);
    socket.on('disconnect', (reason) => {
      if (reason === 'io client disconnect') return;
      socket.drops += 1;
      setTimeout(() => socket.connect(), 100);
    });
    socket.on('connect_error', () => setTimeout(() => socket.connect(), 200));
    await waitFor(() => socket.connected || undefined, `socket ${label} connected`, 10_000);
    return socket;
  }

  /** A chat send retried with the same clientId until stored, as the app's client does: the server keeps it once. */
  async function sendUntilStored(from: Member, to: Member, body: string, clientId: string): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const answer = await api(paths.chat.send, {
        method: 'POST',
        token: from.token,
        from: from.from,
        body: { receiverId: to.id, body, clientId },
      }).catch(() => null);
      if (answer?.status === 201) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`"${body}" was never stored`);
  }
  const clientIdOf = (run: string, n: number) => `00000000-0000-4000-8${run}-${String(n).padStart(12, '0')}`;

  beforeAll(async () => {
    // SHUTDOWN_TIMEOUT_MS short enough for the test, long enough for any request to finish.
    cluster = await startCluster({ processes: 3, env: { SHUTDOWN_TIMEOUT_MS: '8000' } });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await cluster?.stop();
  });

  it('signs members in through nginx, serves the hashed client files cached for a year, and carries chat and live posts across processes', async () => {
    const asset = readdirSync(join(cluster.clientDir, 'assets')).find((name) => name.endsWith('.js'))!;
    const file = await request(`${cluster.url}/assets/${asset}`);
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await request(`${cluster.url}/streams`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');

    const [ann, bob, cat] = [await member(), await member(), await member()];
    for (const who of [bob, cat])
      await ok(api(paths.follows.follow(ann.id), { method: 'PUT', token: who.token, from: who.from }), 'follow');
    // Opened one after another with nothing else in between: nginx hands them to the processes in turn.
    const bobSocket = await openSocket(bob, 'cross-bob');
    const catSocket = await openSocket(cat, 'cross-cat');
    const annSocket = await openSocket(ann, 'cross-ann');
    const received: ChatMessage[] = [];
    bobSocket.on(serverEvents.messageReceived, (message: ChatMessage) => received.push(message));
    const postsSeen: Record<string, string[]> = { bob: [], cat: [] };
    onEachPostAdded(bobSocket, ({ post }) => postsSeen.bob!.push(post._id));
    onEachPostAdded(catSocket, ({ post }) => postsSeen.cat!.push(post._id));

    // Three sends in a row: nginx sends each to the next process.
    for (let n = 1; n <= 3; n += 1) {
      await ok(
        api(paths.chat.send, {
          method: 'POST',
          token: ann.token,
          from: ann.from,
          body: { receiverId: bob.id, body: `across ${n}` },
          headers: { 'x-label': `cross-send-${n}` },
        }),
        'send',
      );
    }
    await waitFor(() => received.length === 3 || undefined, 'the three messages on bob’s socket');
    expect(received.map((m) => m.body)).toEqual(['across 1', 'across 2', 'across 3']);

    const posts: string[] = [];
    for (let n = 1; n <= 3; n += 1) {
      const { post } = await ok(
        api(paths.posts.create, {
          method: 'POST',
          token: ann.token,
          from: ann.from,
          body: { post: `live ${n}` },
          headers: { 'x-label': `cross-post-${n}` },
        }),
        'post',
      );
      posts.push(post._id);
    }
    await waitFor(
      () => (posts.every((id) => postsSeen.bob!.includes(id) && postsSeen.cat!.includes(id)) ? true : undefined),
      'the live posts',
    );

    // nginx's log says which process served what (a websocket's line is written when it closes).
    for (const socket of [bobSocket, catSocket, annSocket]) socket.close();
    await waitFor(
      () => (cluster.accessLog().filter((line) => line.includes('label=cross-')).length === 3 ? true : undefined),
      'the sockets in the log',
    );
    const log = cluster.accessLog();
    const upstream = (match: (line: string) => boolean) => log.find(match)?.split(' ')[1];
    const socketOf = { bob: upstream((l) => l.includes('label=cross-bob')), cat: upstream((l) => l.includes('label=cross-cat')) };
    const ports = (kind: string) => [1, 2, 3].map((n) => upstream((l) => l.endsWith(` cross-${kind}-${n}`)));
    expect(new Set([socketOf.bob, socketOf.cat, upstream((l) => l.includes('label=cross-ann'))]).size, 'one socket per process').toBe(3);
    expect(
      ports('send').filter((port) => port !== socketOf.bob).length,
      'messages sent on another process than bob’s socket',
    ).toBeGreaterThan(0);
    expect(
      ports('post').filter((port) => port !== socketOf.cat).length,
      'posts written on another process than cat’s socket',
    ).toBeGreaterThan(0);
  });

  // Starting a process again takes a few seconds, more on a busy machine: these two have more time.
  it(
    'a process killed mid-chat: its sockets reconnect to the others and every message arrives once, in order',
    { timeout: 150_000 },
    async () => {
      const [ann, bob] = [await member(), await member()];
      // One of bob's sockets on each process; each follows the conversation as the app does
      // (live events by seq, and a catch-up after every connect).
      const views = [];
      for (let i = 0; i < 3; i += 1) views.push({ socket: await openSocket(bob, `kill-bob-${i}`) });
      const followers = views.map(({ socket }) => ({
        socket,
        view: followConversation({ socket, baseUrl: () => cluster.url, token: bob.token, otherId: ann.id }),
      }));
      const TOTAL = 40;
      const run = randomBytes(2).toString('hex').slice(0, 3);
      const sending = (async () => {
        for (let n = 1; n <= TOTAL; n += 1) await sendUntilStored(ann, bob, `message ${n}`, clientIdOf(run, n));
      })();
      await waitFor(() => followers.every((f) => f.view.lastSeq() >= 10) || undefined, 'the first messages live', 15_000);
      await cluster.processes[1]!.kill();
      await sending;
      await waitFor(() => followers.every((f) => f.view.lastSeq() === TOTAL) || undefined, `all ${TOTAL} messages on every socket`, 20_000);
      const expected = Array.from({ length: TOTAL }, (_, i) => `message ${i + 1}`);
      for (const { view } of followers) {
        await view.catchUp();
        expect(view.messages.map((m) => m.body)).toEqual(expected);
        expect(view.messages.map((m) => m.seq)).toEqual(expected.map((_, i) => i + 1));
      }
      // The killed process held one of bob's sockets (nginx spread them); it came back through another.
      expect(followers.reduce((sum, f) => sum + f.socket.drops, 0)).toBeGreaterThanOrEqual(1);
      expect(followers.every((f) => f.socket.connected)).toBe(true);
      // And the database holds each message once.
      const stored = await ok(api(paths.chat.messages(ann.id), { token: bob.token, from: bob.from }), 'messages');
      expect(stored.messages.map((m: ChatMessage) => m.body)).toEqual(expected);
      await cluster.processes[1]!.start();
      for (const { socket } of followers) socket.close();
    },
  );

  it('rate limits count each member’s real address, whichever process answers and whatever X-Forwarded-For the client sends', async () => {
    const [one, two] = [loopbackAddress(), loopbackAddress()];
    const forgot = (from: string, n: number, headers: Record<string, string> = {}) =>
      api(paths.auth.forgotPassword, {
        method: 'POST',
        from,
        body: { email: `nobody-${n}-${randomBytes(3).toString('hex')}@example.org` },
        headers,
      });
    // forgotPasswordPerIp: 20 per 30 minutes from one address (server/config.ts), kept in Redis.
    for (let n = 1; n <= 20; n += 1) expect((await forgot(one, n)).status, `request ${n} from ${one}`).toBe(200);
    expect((await forgot(one, 21)).status).toBe(429);
    // A forged header does not make a new address: nginx appends the one it saw, and the app trusts one hop.
    expect((await forgot(one, 22, { 'x-forwarded-for': two })).status).toBe(429);
    expect((await forgot(two, 1)).status).toBe(200);
  });

  it(
    'a rolling restart (out of nginx, SIGTERM, start again, back in: one process at a time) drops no request, not even a POST, and sockets move on',
    { timeout: 180_000 },
    async () => {
      const readers = await Promise.all(Array.from({ length: 3 }, () => member()));
      const [ann, bob] = [await member(), await member()];
      const bobSocket = await openSocket(bob, 'rolling-bob');
      const bobView = followConversation({ socket: bobSocket, baseUrl: () => cluster.url, token: bob.token, otherId: ann.id });
      const failures: string[] = [];
      let requests = 0;
      let rolling = true;
      // Readers ask for the feed's page 1 without pause; ann writes to bob. Not one retry: every
      // request must succeed the first time.
      const read = async (who: Member) => {
        while (rolling) {
          const answer = await api(paths.posts.all(1), { token: who.token, from: who.from }).catch((error: Error) => ({
            status: 0,
            body: error.message,
          }));
          requests += 1;
          if (answer.status !== 200) failures.push(`GET feed: ${answer.status} ${answer.body.slice(0, 200)}`);
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
      };
      let sent = 0;
      const write = async () => {
        while (rolling) {
          sent += 1;
          const body = { receiverId: bob.id, body: `rolling ${sent}` };
          const answer = await api(paths.chat.send, { method: 'POST', token: ann.token, from: ann.from, body }).catch((error: Error) => ({
            status: 0,
            body: error.message,
          }));
          requests += 1;
          if (answer.status !== 201) failures.push(`POST chat: ${answer.status} ${answer.body.slice(0, 200)}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const load = [...readers.map(read), write()];
      const exits = [];
      // As deploy/rolling-restart.sh does it: out of nginx's upstream, stopped, started, back in.
      for (const each of cluster.processes) {
        await cluster.nginx.upstream('down', each.port);
        exits.push(await each.stop());
        await each.start();
        await cluster.nginx.upstream('up', each.port);
      }
      rolling = false;
      await Promise.all(load);
      // nginx's error log says why, when a request failed.
      expect(failures.join('\n'), failures.length ? cluster.errorLog() : '').toBe('');
      expect(requests).toBeGreaterThan(100);
      // Each stopped cleanly, within SHUTDOWN_TIMEOUT_MS.
      expect(exits).toEqual(cluster.processes.map(() => ({ code: 0, signal: null })));
      // Bob's socket moved with each restart of its process and missed nothing.
      expect(bobSocket.drops).toBeGreaterThanOrEqual(1);
      await waitFor(() => bobView.lastSeq() === sent || undefined, 'every rolling message on bob’s socket', 10_000);
      expect(bobView.messages.map((m) => m.body)).toEqual(Array.from({ length: sent }, (_, i) => `rolling ${i + 1}`));
    },
  );
});
