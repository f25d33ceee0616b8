import type { FastifyBaseLogger } from 'fastify';
import { serverEvents } from '../../src/api/socket';
import { userRoom } from './fanout';
import type { Namespace } from 'socket.io';
import type { RealtimeServer } from './index';

/**
 * At most `max` open sockets per member (tabs, devices), counted across processes (the member's
 * room, through the Redis adapter when there is one). A new socket closes the member's oldest
 * ones past the cap: a member's newest tab always works, and sockets left behind by sleeping
 * or crashed tabs are the ones to go. Sockets connecting at once may each see an older list; each
 * closes only sockets with at least `max` newer ones beside them, so the newest `max` stay.
 */
export function capSocketsPerMember(
  io: RealtimeServer | Namespace,
  max: number,
  log: FastifyBaseLogger,
  roomOf: (userId: string) => string = userRoom,
): void {
  io.on('connection', (socket) => {
    io.in(roomOf((socket.data as { userId: string }).userId))
      .fetchSockets()
      .then((sockets) => {
        if (sockets.length <= max) return;
        const oldestFirst = [...sockets].sort((a, b) => a.handshake.issued - b.handshake.issued);
        for (const old of oldestFirst.slice(0, sockets.length - max)) {
          // Told first, so the tab waits to be looked at instead of reconnecting and closing the next oldest.
          old.emit(serverEvents.socketReplaced, {});
          old.disconnect(true);
        }
      })
      .catch((error: unknown) => log.warn({ err: error }, "could not count a member's sockets"));
  });
}
