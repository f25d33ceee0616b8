/**
 * The post creation goal's floor: a bare Fastify route that does one durable insert and one
 * socket.io emit, and nothing else (no authentication beyond a Map lookup of the token, no
 * validation, no audience query). Its socket.io server has the same transport and frame limit as
 * Stoa's and holds the same members' sockets (the fleet connects them as target 'floor'). The
 * insert is a post row into a copy of the posts table in the server's own database file, with the
 * server's pragmas (insertFloor.ts: WAL, the server's `synchronous`, a commit per post); the emit is one
 * `posts added` frame to one member's room, after the answer, as Stoa tells sockets of a new post
 * after answering (server/modules/posts/announce.ts batches the rest per window).
 * It runs in the benchmark's process, beside the real server, so both answer on the same event loop.
 */
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { SOCKET_MAX_PAYLOAD_BYTES, SOCKET_PATH, serverEvents } from '../../src/api/socket';
import { openPostsCopy, type ServerFile } from './insertFloor';

/** The floor's own route (a bench-only path, unknown to Stoa). */
export const POST_FLOOR_PATH = '/bench/post';

export interface PostFloor {
  url: string;
  close(): Promise<void>;
}

export async function startPostFloor(opts: {
  /** The server's database file (config.database): the copy of its posts table goes in it. */
  database: ServerFile;
  /** The post whose row every insert copies (its kind and size); else the newest post. */
  modelId?: string;
  userIdByToken: ReadonlyMap<string, string>;
  /** Whose room gets the one emit of each post. */
  receiverId: string;
}): Promise<PostFloor> {
  const posts = openPostsCopy(opts.database, opts.modelId);
  const app = Fastify({ logger: false });
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: SOCKET_MAX_PAYLOAD_BYTES,
  });
  io.use((socket, next) => {
    const userId = opts.userIdByToken.get(String(socket.handshake.auth?.token));
    if (!userId) return next(new Error('unknown token'));
    void socket.join(`user:${userId}`);
    next();
  });
  app.post(POST_FLOOR_PATH, async (request, reply) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !opts.userIdByToken.has(token)) return reply.code(401).send({ message: 'unknown token', statusCode: 401 });
    const row = posts.insert();
    setImmediate(() => io.to(`user:${opts.receiverId}`).emit(serverEvents.postsAdded, { posts: [{ _id: row.id }] }));
    return reply.code(201).send({ post: { _id: row.id } });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await app.close().catch(() => undefined);
      posts.close();
    },
  };
}
