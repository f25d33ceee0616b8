import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import { serverEvents, type SessionEndedPayload } from '../../src/api/socket';
import type { UserOnlinePayload } from '../../src/api/users';
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
 * Events (`user online`): a connecting socket gets a snapshot of everyone online; everyone else
 * gets a change when a member's first socket connects (sent on every connect: harmless, and no
 * race between two processes can swallow it) and when their last socket leaves. Members in a
 * block with each other never learn of each other's presence.
 */
export function createPresence(deps: { blockPartners: (userId: string) => Promise<string[]>; log: FastifyBaseLogger }) {
  let io: AnyServer | null = null;

  const dataOf = (socket: { data: unknown }) => socket.data as Partial<PresenceSocketData> | undefined;

  /**
   * Members with a socket anywhere: the user rooms that exist. Room names, not sockets: fetching
   * every socket on each connect made a connect storm O(N²) (the chat bench measured 1,000 sockets
   * taking a minute to connect). The Redis adapter's allRooms asks every process.
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
    (hidden.length > 0 ? io.except(hidden) : io).emit(serverEvents.userOnline, payload);
  }

  async function onConnection(socket: Socket): Promise<void> {
    const userId = dataOf(socket)?.userId;
    if (!userId) return;
    socket.on('disconnect', () => {
      void (async () => {
        if (!io) return;
        const left = await io.in(userRoom(userId)).fetchSockets();
        if (left.length === 0) await announce(userId, false);
      })().catch((error: unknown) => deps.log.warn({ err: error }, 'presence: offline announcement failed'));
    });
    await announce(userId, true);
    const [online, partners] = await Promise.all([connectedUserIds(), deps.blockPartners(userId)]);
    for (const id of partners) online.delete(id);
    online.add(userId);
    const payload: UserOnlinePayload = { type: 'snapshot', userIds: [...online] };
    socket.emit(serverEvents.userOnline, payload);
  }

  return {
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
