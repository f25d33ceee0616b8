import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../src/api/paths';
import { serverEvents } from '../../../src/api/socket';
import type { Config } from '../../../server/config';
import { startServer, type RunningServer } from '../../../server/main';
import { liveServer, okHttp, openSocket, record, settle, signUpMember, waitFor, type ChatClient } from '../chatSockets';
import { dialects, dropTestSchema, testConfig } from '../harness';

const arrivals = (c: ChatClient) => c.events.filter((e) => e.event === serverEvents.notification).map((e) => e.payload);
const changes = (c: ChatClient) => c.events.filter((e) => e.event === serverEvents.notificationsChanged).map((e) => e.payload);

/**
 * The inbox live: a `notification` (the stored entry and the unread count) reaches the recipient's
 * own sockets only, every tab; reading, deleting and undoing reach them as `notifications changed`.
 */
describe.each(dialects)('notifications live on %s', (dialect) => {
  const { client, tab, ok, drained } = liveServer(dialect);

  it('a new entry reaches every tab of the recipient and nobody else; reads and undos follow in every tab', async () => {
    const [ann, bob, cat] = [await client(), await client(), await client()];
    const annToo = await tab(ann);
    await ok(bob, 'PUT', paths.follows.follow(ann.id));
    const { post } = await ok(ann, 'POST', paths.posts.create, { post: 'Sunrise over the bay', privacy: 'Public' });
    await ok(bob, 'POST', paths.reactions.react, { postId: post._id, type: 'like' });
    await ok(ann, 'POST', paths.reactions.react, { postId: post._id, type: 'wow' });
    await drained(ann, annToo, bob, cat);
    for (const socket of [ann, annToo]) {
      expect(arrivals(socket)).toEqual([
        {
          type: 'inbox',
          unreadCount: 1,
          notification: expect.objectContaining({ kind: 'follow', actors: [expect.objectContaining({ _id: bob.id })], read: false }),
        },
        {
          type: 'inbox',
          unreadCount: 2,
          notification: expect.objectContaining({
            kind: 'reaction',
            target: { type: 'post', id: post._id, label: 'Sunrise over the bay' },
          }),
        },
      ]);
    }
    expect(arrivals(bob)).toEqual([]);
    expect(arrivals(cat)).toEqual([]);

    // Read in one tab: every tab learns it, with the count.
    const follow = arrivals(ann)[0].notification;
    const reaction = arrivals(ann)[1].notification;
    await ok(ann, 'PUT', paths.notifications.read(follow._id));
    await ok(bob, 'DELETE', paths.reactions.remove(post._id));
    await ok(ann, 'PUT', paths.notifications.readAll);
    await drained(ann, annToo, bob);
    for (const socket of [ann, annToo]) {
      expect(changes(socket)).toEqual([
        { unreadCount: 1, read: [follow._id] },
        { unreadCount: 0, removed: [reaction._id] },
        { unreadCount: 0, allRead: true },
      ]);
    }
    expect(changes(bob)).toEqual([]);
  });

  it('a grouped entry arrives again with its new actor first; losing one actor arrives as an update', async () => {
    const [ann, bob, cat] = [await client(), await client(), await client()];
    const { post } = await ok(ann, 'POST', paths.posts.create, { post: 'Group me', privacy: 'Public' });
    await ok(bob, 'POST', paths.reactions.react, { postId: post._id, type: 'like' });
    await ok(cat, 'POST', paths.reactions.react, { postId: post._id, type: 'love' });
    await ok(cat, 'DELETE', paths.reactions.remove(post._id));
    await drained(ann);
    const [first, second] = arrivals(ann);
    expect(second.notification._id).toBe(first.notification._id);
    expect(second.notification.actors.map((a: { _id: string }) => a._id)).toEqual([cat.id, bob.id]);
    expect([first.unreadCount, second.unreadCount]).toEqual([1, 1]);
    expect(changes(ann)).toEqual([
      {
        unreadCount: 1,
        updated: expect.objectContaining({
          _id: first.notification._id,
          actorCount: 1,
          actors: [expect.objectContaining({ _id: bob.id })],
        }),
      },
    ]);
  });

  it("a setting off sends nothing, and one's own doing never does", async () => {
    const [ann, bob] = [await client(), await client()];
    await ok(ann, 'PUT', paths.users.settings, { follows: false, comments: false });
    const { post } = await ok(ann, 'POST', paths.posts.create, { post: 'Quiet please', privacy: 'Public' });
    await ok(bob, 'PUT', paths.follows.follow(ann.id));
    await ok(bob, 'POST', paths.comments.create, { postId: post._id, comment: 'shh' });
    await ok(ann, 'POST', paths.comments.create, { postId: post._id, comment: 'mine' });
    await ok(bob, 'POST', paths.reactions.react, { postId: post._id, type: 'happy' });
    await drained(ann, bob);
    expect(arrivals(ann).map((p) => p.notification.kind)).toEqual(['reaction']);
    expect(arrivals(bob)).toEqual([]);
  });
});

/** Two server processes on one PostgreSQL schema and one Redis: the event finds the recipient's socket on the other process. */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'notifications between two servers over PostgreSQL and Redis',
  () => {
    let config: Config;
    let one: RunningServer, two: RunningServer;
    const clients: ChatClient[] = [];

    async function client(server: RunningServer): Promise<ChatClient> {
      const member = await signUpMember(server.url);
      const c: ChatClient = { ...member, socket: await openSocket(server.url, member.token), events: [] };
      record(c);
      clients.push(c);
      return c;
    }

    beforeAll(async () => {
      config = { ...(await testConfig('postgres')), port: 0, redisUrl: process.env.TEST_REDIS_URL! };
      one = await startServer(config, { handleSignals: false });
      two = await startServer(config, { handleSignals: false });
    });
    afterAll(async () => {
      for (const c of clients) c.socket.close();
      await one?.close();
      await two?.close();
      await dropTestSchema(config);
      await fs.rm(config.dataDir, { recursive: true, force: true });
    });

    it('reaches only the recipient, on whichever process their sockets are', async () => {
      const ann = await client(one);
      const annOnTwo: ChatClient = { ...ann, socket: await openSocket(two.url, ann.token), events: [] };
      record(annOnTwo);
      clients.push(annOnTwo);
      const bob = await client(two);
      const cat = await client(two);
      await okHttp(two.url, bob.token, 'PUT', paths.follows.follow(ann.id));
      const arrived = await waitFor(() => arrivals(ann)[0], 'the follow on the other process');
      expect(arrived).toEqual({
        type: 'inbox',
        unreadCount: 1,
        notification: expect.objectContaining({ kind: 'follow', actors: [expect.objectContaining({ _id: bob.id })] }),
      });
      await waitFor(() => arrivals(annOnTwo)[0], 'the follow on the same process');
      // Read through process two: ann's socket on process one hears of it.
      await okHttp(two.url, ann.token, 'PUT', paths.notifications.read(arrived.notification._id));
      expect(await waitFor(() => changes(ann)[0], 'the read on the other process')).toEqual({
        unreadCount: 0,
        read: [arrived.notification._id],
      });
      await settle();
      expect(arrivals(bob)).toEqual([]);
      expect(arrivals(cat)).toEqual([]);
      expect(changes(cat)).toEqual([]);
    });
  },
);
