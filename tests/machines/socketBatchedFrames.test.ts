import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { SOCKET_PATH, serverEvents, type PostsAddedPayload } from '../../src/api/socket';
import type { Post } from '../../src/api/posts';
import { createBus, createConnection, socketLogic, type BusMessage } from '../../src/effects/socket';

/** New posts come several to a frame (`posts added`, server/modules/posts/announce.ts); the screens take them one by one. */
describe('the socket effect and a frame of new posts', () => {
  const http = createServer();
  const io = new Server(http, { path: SOCKET_PATH, transports: ['websocket'] });
  const posts = [{ _id: 'p1', post: 'older' }, { _id: 'p2', post: 'newer' }] as Post[];
  io.on('connection', (socket) => void socket.emit(serverEvents.postsAdded, { posts } satisfies PostsAddedPayload));
  afterAll(async () => {
    await io.close();
  });

  it('publishes each post of the frame as its own `post added`, oldest first', async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const bus = createBus();
    const got: BusMessage[] = [];
    bus.subscribe((message) => void got.push(message));
    const actor = createActor(socketLogic(bus, createConnection(url, () => import('socket.io-client').then((m) => m.io)))).start();
    actor.send({ type: 'socket.start', token: 'token' });
    const deadline = Date.now() + 10_000;
    while (got.filter((m) => m.event === serverEvents.postAdded).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    actor.stop();
    expect(got.filter((m) => m.event !== 'reconnected')).toEqual([
      { event: serverEvents.postAdded, payload: { post: posts[0] } },
      { event: serverEvents.postAdded, payload: { post: posts[1] } },
    ]);
  });
});
