import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { SocketAck } from '../../src/api/chat';
import { clientEvents, serverEvents, type SessionEndedPayload } from '../../src/api/socket';
import { watchPresenceSchema, type UserOnlinePayload } from '../../src/api/users';
import { onClientEvent } from './clientEvent';
import { userIdOfRoom, userRoom } from './fanout';

interface PresenceSocketData {
  userId: string;
  sessionId: string;
}

/** The part of socket.io presence uses; any adapter (in memory, or Redis across processes). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyServer = Server<any, any, any, any>;

/**
 * Who is online, kept by socket.io itself: a member is online while at least one of their
 * sockets is connected, anywhere, i.e. while their user room exists. The adapter answers for every
 * process (through Redis when there is one), so there is no counter to drift or to leave stale
 * after a crash.
 *
 * Presence goes only where it is looked at: a socket watches the members it shows (`watch
 * presence`, at most PRESENCE_WATCH_MAX; each watch replaces the last) by joining their presence
 * rooms, and is answered which of them are online now. A member's connect and last disconnect are
 * told to their presence room only (`user online`; online on every connect: harmless, and no race
 * between two processes can swallow it). So a connect costs what its watchers need, not a frame to
 * every socket and a list of everyone online (which made a connect storm O(N²)). Members in a block
 * with each other never learn of each other's presence: a watch leaves them out, and a change
 * skips the sockets of the member's block partners (a block made after the watch included).
 */
export const presenceRoom = (userId: string) => `${PRESENCE_ROOM}${userId}`;
const PRESENCE_ROOM = 'presence:';

export function createPresence(deps: { blockPartners: (userId: string) => Promise<string[]>; log: FastifyBaseLogger }) {
  let io: AnyServer | null = null;

  const dataOf = (socket: { data: unknown }) => socket.data as Partial<PresenceSocketData> | undefined;

  /**
   * Members with a socket anywhere: the user rooms that exist. Room names, not sockets: fetching
   * every socket on each connect made a connect storm O(N²) (the chat bench measured 1,000 sockets
   * taking a minute to connect). The Redis adapter's allRooms asks every process (and waits for the
   * slowest, up to its requestsTimeout). Post announcements ask it once each: their audience is
   * found among these members only (posts/announce.ts).
   */
  async function connectedUserIds(): Promise<Set<string>> {
    if (!io) return new Set();
    const adapter = io.of('/').adapter as unknown as { allRooms?: () => Promise<Set<string>>; rooms: Map<string, Set<string>> };
    const rooms = typeof adapter.allRooms === 'function' ? await adapter.allRooms() : adapter.rooms.keys();
    const ids = new Set<string>();
    for (const room of rooms) {
      const userId = userIdOfRoom(room);
      if (userId) ids.add(userId);
    }
    return ids;
  }

  async function announce(userId: string, online: boolean): Promise<void> {
    if (!io) return;
    const hidden = (await deps.blockPartners(userId)).map(userRoom);
    const payload: UserOnlinePayload = { type: 'change', userId, online };
    const watchers = io.to(presenceRoom(userId));
    (hidden.length > 0 ? watchers.except(hidden) : watchers).emit(serverEvents.userOnline, payload);
  }

  /** Which of these members have a socket anywhere (one question to every process, not one per member). */
  async function onlineAmong(userIds: string[]): Promise<string[]> {
    if (!io || userIds.length === 0) return [];
    const sockets = await io.in(userIds.map(userRoom)).fetchSockets();
    const online = new Set(sockets.map((socket) => dataOf(socket)?.userId));
    return userIds.filter((id) => online.has(id));
  }

  /** `watch presence`: this socket now follows these members (block partners left out). */
  async function watch(socket: Socket, payload: unknown): Promise<SocketAck> {
    const parsed = watchPresenceSchema.safeParse(payload);
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid member list' };
    const userId = dataOf(socket)?.userId;
    if (!userId) return { ok: false, message: 'Not signed in' };
    const partners = new Set(await deps.blockPartners(userId));
    const watched = [...new Set(parsed.data.userIds)].filter((id) => !partners.has(id));
    for (const room of [...socket.rooms]) if (room.startsWith(PRESENCE_ROOM)) await socket.leave(room);
    // Joined before asking who is online: a member connecting in between is told as a change.
    await socket.join(watched.map(presenceRoom));
    return { ok: true, online: await onlineAmong(watched) };
  }

  async function onConnection(socket: Socket): Promise<void> {
    const userId = dataOf(socket)?.userId;
    if (!userId) return;
    onClientEvent(socket, clientEvents.watchPresence, (payload) => watch(socket, payload), { log: deps.log });
    socket.on('disconnect', () => {
      void (async () => {
        if (!io) return;
        const left = await io.in(userRoom(userId)).fetchSockets();
        if (left.length === 0) await announce(userId, false);
      })().catch((error: unknown) => deps.log.warn({ err: error }, 'presence: offline announcement failed'));
    });
    await announce(userId, true);
  }

  return {
    connectedUserIds,

    attach(server: AnyServer): void {
      io = server;
      server.on('connection', (socket: Socket) => {
        onConnection(socket).catch((error: unknown) => deps.log.warn({ err: error }, 'presence: connect announcement failed'));
      });
    },

    /** Everyone online the viewer may know of (GET /user/online). Empty until sockets are attached. */
    async onlineUserIds(viewerId: string): Promise<string[]> {
      const [online, partners] = await Promise.all([connectedUserIds(), deps.blockPartners(viewerId)]);
      for (const id of partners) online.delete(id);
      return [...online];
    },

    /**
     * Ends the member's sockets of every session but `keepSessionId` (whose device just received a
     * new token): each gets `session ended` and is disconnected.
     */
    async endOtherSessions(userId: string, keepSessionId: string, reason: SessionEndedPayload['reason']): Promise<void> {
      if (!io) return;
      const sockets = await io.in(userRoom(userId)).fetchSockets();
      const payload: SessionEndedPayload = { reason };
      for (const socket of sockets) {
        if (dataOf(socket)?.sessionId === keepSessionId) continue;
        socket.emit(serverEvents.sessionEnded, payload);
        socket.disconnect(true);
      }
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
