import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { SocketAck } from '../../src/api/chat';
import { watchPostsSchema } from '../../src/api/posts';
import { clientEvents } from '../../src/api/socket';
import { onClientEvent } from './clientEvent';

/** The part of socket.io post watching uses; any adapter (in memory, or Redis across processes). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyServer = Server<any, any, any, any>;

export const postRoom = (postId: string) => `${POST_ROOM}${postId}`;
const POST_ROOM = 'post:';

/**
 * Which sockets show which posts, kept by socket.io itself (like presence.ts): a socket watches the
 * posts on its screen (`watch posts`, at most POST_WATCH_MAX; each watch replaces the last) by
 * joining their post rooms. A post's own events (counts, comments, answers, edits, deletion) are
 * meant for those sockets only: a counter no longer costs a frame to every connected member.
 *
 * The room says who is interested, never who may see: a watch is not checked (an id one may not
 * see joins a room that tells nothing), and the announcer asks the visibility predicate about the
 * watching members at the moment it sends (posts/announce.ts), so a post hidden, made private, a
 * block or a group left after the watch leaks nothing, and no room has to be left on each change.
 */
export function createPostWatch(deps: { log: FastifyBaseLogger }) {
  let io: AnyServer | null = null;

  /** `watch posts`: this socket now watches these posts (and no others). */
  async function watch(socket: Socket, payload: unknown): Promise<SocketAck> {
    const parsed = watchPostsSchema.safeParse(payload);
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid post list' };
    const rooms = new Set(parsed.data.postIds.map(postRoom));
    for (const room of [...socket.rooms]) if (room.startsWith(POST_ROOM) && !rooms.has(room)) await socket.leave(room);
    await socket.join([...rooms].filter((room) => !socket.rooms.has(room)));
    return { ok: true };
  }

  return {
    attach(server: AnyServer): void {
      io = server;
      server.on('connection', (socket: Socket) => {
        onClientEvent(socket, clientEvents.watchPosts, (payload) => watch(socket, payload), { log: deps.log });
      });
    },

    /**
     * The members with a socket that watches the post, on any process (the Redis adapter asks every
     * process and waits for their answers, as presence does). Empty until sockets are attached.
     */
    async watchers(postId: string): Promise<Set<string>> {
      if (!io) return new Set();
      const sockets = await io.in(postRoom(postId)).fetchSockets();
      const ids = new Set<string>();
      for (const socket of sockets) {
        const userId = (socket.data as { userId?: string } | undefined)?.userId;
        if (userId) ids.add(userId);
      }
      return ids;
    },
  };
}

export type PostWatch = ReturnType<typeof createPostWatch>;
