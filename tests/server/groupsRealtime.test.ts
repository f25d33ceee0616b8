import fs from 'node:fs/promises';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema } from '../../src/api/auth';
import { groupActionEventSchema } from '../../src/api/groups';
import { API_BASE } from '../../src/api/paths';
import { SOCKET_PATH, serverEvents } from '../../src/api/socket';
import type { Config } from '../../server/config';
import { startServer, type RunningServer } from '../../server/main';
import { dialects, dropTestSchema, newMember, testConfig } from './harness';

/**
 * Groups over real sockets: who hears of a new group (CREATE_GROUP), and who receives a group's
 * posts as its membership changes (private group, pending member, pending post, removal).
 */
type Role = 'owner' | 'invitee' | 'outsider' | 'siteAdmin';
const ROLES: Role[] = ['owner', 'invitee', 'outsider', 'siteAdmin'];
const EVENTS = [serverEvents.groupAction, serverEvents.postAdded, serverEvents.postUpdated, serverEvents.postDeleted] as const;
type Event = (typeof EVENTS)[number];

interface Client {
  id: string;
  token: string;
  socket: Socket;
  events: { event: Event; payload: any }[];
}

describe.each(dialects)('group events over real sockets on %s', (dialect) => {
  let config: Config;
  let server: RunningServer;
  const clients = {} as Record<Role, Client>;

  async function api(who: Role, method: string, url: string, body?: unknown) {
    const response = await fetch(`${server.url}${API_BASE}${url}`, {
      method,
      headers: { authorization: `Bearer ${clients[who].token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = await response.json();
    expect(response.status, `${method} ${url}: ${JSON.stringify(json)}`).toBeLessThan(300);
    return json;
  }

  beforeAll(async () => {
    config = { ...(await testConfig(dialect)), port: 0 };
    server = await startServer(config, { handleSignals: false });
    for (const role of ROLES) {
      const response = await fetch(`${server.url}${API_BASE}/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(await newMember()),
      });
      const { token, user } = authResponseSchema.parse(await response.json());
      if (role === 'siteAdmin') await server.app.services.database.db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', user._id).execute();
      const socket = connect(server.url, { path: SOCKET_PATH, transports: ['websocket'], auth: { token }, reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const client: Client = { id: user._id, token, socket, events: [] };
      for (const event of EVENTS) socket.on(event, (payload: unknown) => client.events.push({ event, payload }));
      clients[role] = client;
    }
  });
  afterAll(async () => {
    for (const role of ROLES) clients[role]?.socket.close();
    await server.close();
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  /** Runs the action, waits until the expected members got the event, then checks nobody else did. */
  async function expectFanout<T>(event: Event, receivers: Role[], action: () => Promise<T>): Promise<{ result: T; got: Partial<Record<Role, any>> }> {
    for (const role of ROLES) clients[role].events = [];
    const result = await action();
    const deadline = Date.now() + 5000;
    while (receivers.some((role) => !clients[role].events.some((e) => e.event === event)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Give any wrongly addressed event time to arrive too.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const got: Partial<Record<Role, any>> = {};
    const receivedBy = ROLES.filter((role) => clients[role].events.some((e) => e.event === event));
    for (const role of receivedBy) got[role] = clients[role].events.find((e) => e.event === event)!.payload;
    expect(receivedBy.sort(), event).toEqual([...receivers].sort());
    return { result, got };
  }

  it('a private group: CREATE_GROUP to its creator and invitee, posts to accepted members only, removal bites at once', async () => {
    const created = await expectFanout(serverEvents.groupAction, ['owner', 'invitee'], () =>
      api('owner', 'POST', '/group/create', { name: 'Night Owls', privacy: 'private', tags: ['late'], category: ['Music'], members: [clients.invitee.id] }),
    );
    const groupId: string = created.result.group._id;
    const announced = groupActionEventSchema.parse(created.got.invitee);
    expect(announced).toMatchObject({ type: 'CREATE_GROUP', groupId, groupName: 'Night Owls' });
    expect(announced.members.find((m) => m.userId === clients.invitee.id)).toMatchObject({ status: 'pending', joinedBy: 'invited', invitedBy: clients.owner.id });

    // The invitee is still pending: a group admin's post reaches the owner and site admins only.
    await expectFanout(serverEvents.postAdded, ['owner', 'siteAdmin'], () => api('owner', 'POST', `/post/group/${groupId}`, { post: 'before you joined' }));

    await expectFanout(serverEvents.groupAction, ['owner', 'invitee'], () => api('invitee', 'PUT', `/group/invitation/accept/${groupId}`));

    // A member's post waits for a group admin: only its author and the admins hear of it.
    const pending = await expectFanout(serverEvents.postAdded, ['owner', 'invitee', 'siteAdmin'], () =>
      api('invitee', 'POST', `/post/group/${groupId}`, { post: 'may I?' }),
    );
    const postId: string = pending.result.post._id;
    // Accepted: news to nobody new here, but every accepted member gets the change.
    await expectFanout(serverEvents.postUpdated, ['owner', 'invitee', 'siteAdmin'], () => api('owner', 'PUT', `/group/post/${postId}/accept`));
    await expectFanout(serverEvents.postAdded, ['owner', 'invitee', 'siteAdmin'], () => api('owner', 'POST', `/post/group/${groupId}`, { post: 'welcome' }));

    // Removed: the next group post no longer reaches the former member.
    await expectFanout(serverEvents.groupAction, ['owner', 'invitee'], () => api('owner', 'PUT', `/group/remove-members/${groupId}`, { members: [clients.invitee.id] }));
    await expectFanout(serverEvents.postAdded, ['owner', 'siteAdmin'], () => api('owner', 'POST', `/post/group/${groupId}`, { post: 'after you left' }));
  });

  it('a public group: an accepted post is news to members who could not see it pending', async () => {
    const { group } = await api('owner', 'POST', '/group/create', { name: 'Open Garden', privacy: 'public', tags: ['plants'], category: ['Lifestyle'] });
    await api('invitee', 'POST', `/group/join/${group._id}`);
    const pending = await expectFanout(serverEvents.postAdded, ['owner', 'invitee', 'siteAdmin'], () =>
      api('invitee', 'POST', `/post/group/${group._id}`, { post: 'tomatoes' }),
    );
    const postId: string = pending.result.post._id;
    // Those who saw it pending get the update; everyone who may now read the public group gets it as new.
    await expectFanout(serverEvents.postUpdated, ['owner', 'invitee', 'siteAdmin'], () => api('owner', 'PUT', `/group/post/${postId}/accept`));
    expect(clients.outsider.events.filter((e) => e.event === serverEvents.postAdded).map((e) => e.payload.post._id)).toEqual([postId]);
  });

  it('a public group turning private tells non-members (without its member list) so open pages close', async () => {
    const { group } = await api('owner', 'POST', '/group/create', { name: 'Closing Soon', privacy: 'public', tags: ['x'], category: ['Music'] });
    const narrowed = await expectFanout(serverEvents.groupAction, ['owner', 'invitee', 'outsider', 'siteAdmin'], () =>
      api('owner', 'PUT', `/group/${group._id}`, { privacy: 'private' }),
    );
    expect(narrowed.got.outsider).toEqual({ type: 'UPDATE_GROUP', groupId: group._id, groupName: 'Closing Soon', groupPicture: '', members: [] });
    expect(narrowed.got.owner.members.map((m: { userId: string }) => m.userId)).toEqual([clients.owner.id]);
    // Renaming a group that is already private stays among its members.
    await expectFanout(serverEvents.groupAction, ['owner'], () => api('owner', 'PUT', `/group/${group._id}`, { name: 'Closed Now' }));
  });

  it('DELETE_GROUP reaches every member and the group posts are gone', async () => {
    const { group } = await api('owner', 'POST', '/group/create', { name: 'Short Lived', privacy: 'private', tags: ['x'], category: ['Music'], members: [clients.invitee.id] });
    await api('invitee', 'PUT', `/group/invitation/accept/${group._id}`);
    const { post } = await api('owner', 'POST', `/post/group/${group._id}`, { post: 'soon gone' });
    const deleted = await expectFanout(serverEvents.groupAction, ['owner', 'invitee'], () => api('owner', 'DELETE', `/group/${group._id}`));
    expect(deleted.got.invitee).toMatchObject({ type: 'DELETE_GROUP', groupId: group._id });
    const response = await fetch(`${server.url}${API_BASE}/post/${post._id}`, { headers: { authorization: `Bearer ${clients.siteAdmin.token}` } });
    expect(response.status).toBe(404);
  });
});
