import fs from 'node:fs/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNED_MESSAGE } from '../../../src/api/constants';
import { CHECKPOINT_NAMESPACE, SOCKET_PATH, serverEvents } from '../../../src/api/socket';
import { SIGN_IN_REQUIRED } from '../../../server/http/authentication';
import type { Config } from '../../../server/config';
import { startServer, type RunningServer } from '../../../server/main';
import { http, okHttp, openSocket, settle, signUpMember, waitFor } from '../chatSockets';
import { dialects, dropTestSchema, testConfig } from '../harness';
import { socketWorld } from '../socketWorld';

type Role = 'admin' | 'author' | 'follower' | 'stranger' | 'target';
const ROLES: Role[] = ['admin', 'author', 'follower', 'stranger', 'target'];
const EVENTS = [
  serverEvents.postAdded,
  serverEvents.postUpdated,
  serverEvents.postDeleted,
  serverEvents.notification,
  serverEvents.banned,
  serverEvents.sessionEnded,
] as const;

/** A checkpoint page's socket (CHECKPOINT_NAMESPACE), connected, recording `standing changed`. */
async function openCheckpointSocket(url: string, token: string | null) {
  const socket = connect(`${url}${CHECKPOINT_NAMESPACE}`, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  const decided: any[] = [];
  socket.on(serverEvents.standingChanged, (payload: unknown) => decided.push(payload));
  let closed = false;
  socket.on('disconnect', () => {
    closed = true;
  });
  return { socket, decided, closed: () => closed };
}

/** Every event a socket gets, in order, and whether it is closed. */
function recorder(socket: Socket) {
  const events: { event: string; payload: any }[] = [];
  for (const event of EVENTS) socket.on(event, (payload: unknown) => events.push({ event, payload }));
  let closed = false;
  socket.on('disconnect', () => {
    closed = true;
  });
  return { events, closed: () => closed };
}

describe.each(dialects)('moderation over real sockets on %s', (dialect) => {
  const world = socketWorld(dialect, { roles: ROLES, events: EVENTS, siteAdmins: ['admin'] });
  const { clients, api, expectFanout, watch } = world;
  beforeAll(async () => {
    await api('follower', 'PUT', `/user/follow/${clients.author.id}`);
  });

  it('hiding a post: "post deleted" to those who lose sight, "post updated" with the reason to the author and admins; unhiding brings it back', async () => {
    const { post } = await api('author', 'POST', '/post', { post: 'a claim', privacy: 'Public' });
    await watch([post._id]);
    const hide = () => api('admin', 'POST', '/admin/hirepost', { postId: post._id, reason: 'False claim' });
    const deleted = await expectFanout(serverEvents.postDeleted, ['follower', 'stranger', 'target'], hide);
    expect(deleted.got.stranger).toEqual({ postId: post._id });
    // The same action's other event, already delivered.
    const updated = (role: Role) => clients[role].events.find((e) => e.event === serverEvents.postUpdated)?.payload;
    expect(updated('author').post).toMatchObject({ _id: post._id, hidden: true, hiddenReason: 'False claim' });
    expect(updated('admin').post).toMatchObject({ hidden: true, hiddenReason: 'False claim' });
    for (const role of ['follower', 'stranger', 'target'] as const) expect(updated(role)).toBeUndefined();

    const added = await expectFanout(serverEvents.postAdded, ['follower', 'stranger', 'target'], () =>
      api('admin', 'POST', '/admin/unhirepost', { postId: post._id }),
    );
    expect(added.got.follower.post).toMatchObject({ _id: post._id, hidden: false });
    expect(added.got.follower.post).not.toHaveProperty('hiddenReason');
    expect(updated('author').post).not.toHaveProperty('hiddenReason');
  });

  it('tells reporters when their report is resolved or dismissed, and nobody when it only moves along', async () => {
    const { post } = await api('author', 'POST', '/post', { post: 'reported', privacy: 'Public' });
    await api('follower', 'POST', '/reportpost', { postId: post._id, reason: 'spam' });
    await api('stranger', 'POST', '/reportpost', { postId: post._id, reason: 'other' });
    await expectFanout(serverEvents.notification, [], () =>
      api('admin', 'PUT', '/admin/reportpost/status', { postId: post._id, status: 'reviewing' }),
    );
    const resolved = await expectFanout(serverEvents.notification, ['follower', 'stranger'], () =>
      api('admin', 'POST', '/admin/hirepost', { postId: post._id, reason: 'Spam' }),
    );
    // An inbox entry (stored, counted), whatever the reporter's settings.
    expect(resolved.got.follower).toMatchObject({
      type: 'inbox',
      notification: { kind: 'reportResolved', target: { type: 'report' }, detail: 'post' },
      unreadCount: 1,
    });
    expect(resolved.got.stranger.notification.kind).toBe('reportResolved');

    const { report } = await api('follower', 'POST', '/reportprofile', { userId: clients.stranger.id, reason: 'Rude' });
    const dismissed = await expectFanout(serverEvents.notification, ['follower'], () =>
      api('admin', 'PUT', '/admin/reportprofile/status', { reportId: report._id, status: 'dismissed' }),
    );
    expect(dismissed.got.follower).toMatchObject({
      type: 'inbox',
      notification: { kind: 'reportDismissed', target: { type: 'report', id: report._id }, detail: 'profile' },
      unreadCount: 2,
    });
    const inbox = await api('follower', 'GET', '/notifications');
    expect(inbox.notifications.map((n: { kind: string }) => n.kind)).toEqual(['reportDismissed', 'reportResolved']);
  });

  it('a ban bites at once: every tab gets "banned" then "session ended" and is closed; no reconnect; the next request is 403', async () => {
    const target = clients.target;
    const tabs = [{ socket: target.socket, ...recorder(target.socket) }];
    const second = await openSocket(world.server().url, target.token);
    tabs.push({ socket: second, ...recorder(second) });
    const { user } = await api('admin', 'POST', '/admin/banuser', { userId: target.id, reason: 'Harassment' });
    for (const tab of tabs) {
      await waitFor(() => tab.closed(), 'the tab closed');
      expect(tab.events.filter((e) => e.event === serverEvents.banned || e.event === serverEvents.sessionEnded)).toEqual([
        { event: serverEvents.banned, payload: { reason: 'Harassment', bannedAt: user.bannedAt } },
        { event: serverEvents.sessionEnded, payload: { reason: 'banned' } },
      ]);
    }
    await expect(openSocket(world.server().url, target.token)).rejects.toThrow(BANNED_MESSAGE);
    const next = await http(world.server().url, target.token, 'GET', '/user/all/1');
    expect(next).toEqual({ status: 403, json: { message: BANNED_MESSAGE, statusCode: 403 } });
    expect((await http(world.server().url, target.token, 'GET', '/appeal')).json.ban).toEqual({
      reason: 'Harassment',
      bannedAt: user.bannedAt,
    });
  });

  it('a banned member\'s checkpoint page hears "standing changed" with their standing, each time an admin decides; nobody else does', async () => {
    const url = world.server().url;
    const member = clients.stranger;
    await api('admin', 'POST', '/admin/banuser', { userId: member.id, reason: 'Spam' });
    // The main namespace refuses a banned member; the checkpoint's takes them (and only a session).
    await expect(openCheckpointSocket(url, null)).rejects.toThrow(SIGN_IN_REQUIRED);
    const page = await openCheckpointSocket(url, member.token);
    const other = await openCheckpointSocket(url, clients.follower.token);
    const appealOnce = async () =>
      (await okHttp(url, member.token, 'POST', '/appeal', { message: 'It was a script gone wrong, switched off for good now.' })).appeal;

    const first = await appealOnce();
    await api('admin', 'PUT', '/admin/appeal/status', { appealId: first._id, status: 'rejected', reply: 'Not this time' });
    await waitFor(() => page.decided.length === 1, 'the rejection');
    expect(page.decided[0]).toEqual((await http(url, member.token, 'GET', '/appeal')).json);
    expect(page.decided[0]).toMatchObject({
      ban: { reason: 'Spam' },
      appeal: { _id: first._id, status: 'rejected', reply: 'Not this time' },
    });

    const second = await appealOnce();
    await api('admin', 'PUT', '/admin/appeal/status', { appealId: second._id, status: 'approved' });
    await waitFor(() => page.decided.length === 2, 'the approval');
    expect(page.decided[1]).toMatchObject({ ban: null, appeal: { _id: second._id, status: 'approved' } });
    await settle();
    expect(other.decided).toEqual([]);
    expect(page.closed()).toBe(false);

    // A ban lifted by hand (no appeal) reaches the open page the same way.
    await api('admin', 'POST', '/admin/banuser', { userId: member.id, reason: 'Spam again' });
    await api('admin', 'POST', '/admin/unbanuser', { userId: member.id });
    await waitFor(() => page.decided.length === 3, 'the unban');
    expect(page.decided[2]).toEqual((await http(url, member.token, 'GET', '/appeal')).json);
    expect(page.decided[2]).toMatchObject({ ban: null });

    // Signing out closes that session's checkpoint socket too.
    await http(url, member.token, 'GET', '/signout');
    await waitFor(() => page.closed(), 'the checkpoint socket closed at sign-out');
    other.socket.close();
  });
});

/** Two server processes' worth of app on one PostgreSQL schema and one Redis: a ban on one closes the sockets on the other. */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('a ban across two servers over PostgreSQL and Redis', () => {
  let config: Config;
  let one: RunningServer;
  let two: RunningServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    config = { ...(await testConfig('postgres')), port: 0, redisUrl: process.env.TEST_REDIS_URL! };
    one = await startServer(config, { handleSignals: false });
    two = await startServer(config, { handleSignals: false });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await one?.close();
    await two?.close();
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  it('sends "banned" to and closes every socket of the member on the other process', async () => {
    const admin = await signUpMember(one.url);
    await one.app.services.database.db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', admin.id).execute();
    const target = await signUpMember(two.url);
    const tabs = [
      await openSocket(two.url, target.token),
      await openSocket(two.url, target.token),
      await openSocket(one.url, target.token),
    ];
    sockets.push(...tabs);
    const records = tabs.map((socket) => recorder(socket));
    const { user } = await okHttp(one.url, admin.token, 'POST', '/admin/banuser', { userId: target.id, reason: 'Spam ring' });
    for (const record of records) {
      await waitFor(() => record.closed(), 'every tab closed');
      expect(record.events.find((e) => e.event === serverEvents.banned)?.payload).toEqual({ reason: 'Spam ring', bannedAt: user.bannedAt });
    }
    await expect(openSocket(two.url, target.token)).rejects.toThrow(BANNED_MESSAGE);
    expect((await http(two.url, target.token, 'GET', '/post/all/1')).status).toBe(403);
  });
});
