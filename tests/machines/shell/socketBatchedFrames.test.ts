import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { SOCKET_PATH, serverEvents, type PostEventsPayload, type PostsAddedPayload, type WatchedPostEvent } from '../../../src/api/socket';
import type { Comment, Post } from '../../../src/api/posts';
import { createBus, createConnection, socketLogic, type BusMessage } from '../../../src/effects/shell/socket';

/**
 * New posts come several to a frame (`posts added`, server/modules/posts/announce.ts), and so do a
 * post's own events (`post events`); the screens take them one by one.
 */
describe('the socket effect and frames of several events', () => {
  const http = createServer();
  const io = new Server(http, { path: SOCKET_PATH, transports: ['websocket'] });
  const posts = [
    { _id: 'p1', post: 'older' },
    { _id: 'p2', post: 'newer' },
  ] as Post[];
  const events: WatchedPostEvent[] = [
    { event: serverEvents.postReactions, payload: { postId: 'p1', reactions: { like: 2, love: 0, angry: 0, happy: 0, sad: 0, wow: 0 } } },
    { event: serverEvents.commentAdded, payload: { comment: { _id: 'c1', postId: 'p2', comment: 'first' } as Comment, commentsCount: 1 } },
    { event: serverEvents.commentDeleted, payload: { postId: 'p2', commentId: 'c1', commentsCount: 0 } },
  ];
  io.on('connection', (socket) => {
    socket.emit(serverEvents.postsAdded, { posts } satisfies PostsAddedPayload);
    socket.emit(serverEvents.postEvents, { events } satisfies PostEventsPayload);
  });
  afterAll(async () => {
    await io.close();
  });

  it('publishes each post of a `posts added` as its own `post added`, and each of a `post events` by its name, in order', async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const bus = createBus();
    const got: BusMessage[] = [];
    bus.subscribe((message) => void got.push(message));
    const actor = createActor(
      socketLogic(
        bus,
        createConnection(url, () => import('socket.io-client').then((m) => m.io)),
      ),
    ).start();
    actor.send({ type: 'socket.start', token: 'token' });
    const deadline = Date.now() + 10_000;
    while (got.filter((m) => m.event !== 'reconnected').length < 5 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    actor.stop();
    expect(got.filter((m) => m.event !== 'reconnected')).toEqual([
      { event: serverEvents.postAdded, payload: { post: posts[0] } },
      { event: serverEvents.postAdded, payload: { post: posts[1] } },
      ...events,
    ]);
  });
});
