import type { StreamEvent, StreamEventPayloads } from '../../src/api/socket';

/** What fan-out needs of socket.io: emit to a set of rooms (each socket once). */
export interface RoomEmitter {
  to(rooms: string[]): { emit(event: string, payload: unknown): unknown };
  except(rooms: string[]): { emit(event: string, payload: unknown): unknown };
}

const USER_ROOM = 'user:';
export const userRoom = (userId: string) => `${USER_ROOM}${userId}`;
/** The member whose room this is, or null for any other room (group chats, socket ids). */
export const userIdOfRoom = (room: string): string | null => (room.startsWith(USER_ROOM) ? room.slice(USER_ROOM.length) : null);

/**
 * Sends stream events to exactly the members the caller names, through their user rooms.
 * Services decide the audience (with the visibility predicate); this only delivers. Until the
 * socket server is attached (scripts, API tests without sockets) events go nowhere.
 * With the Redis adapter, `to(rooms).emit` reaches sockets on every process.
 */
export function createFanout() {
  let io: RoomEmitter | null = null;
  return {
    attach(emitter: RoomEmitter): void {
      io = emitter;
    },
    toUsers<E extends StreamEvent>(userIds: Iterable<string>, event: E, payload: StreamEventPayloads[E]): void {
      const rooms = [...new Set(userIds)].map(userRoom);
      if (!io || rooms.length === 0) return;
      io.to(rooms).emit(event, payload);
    },
    /** Every connected member but these (news that concerns whoever might be looking, e.g. a group turning private). */
    toAllExcept<E extends StreamEvent>(userIds: Iterable<string>, event: E, payload: StreamEventPayloads[E]): void {
      if (!io) return;
      io.except([...new Set(userIds)].map(userRoom)).emit(event, payload);
    },
  };
}

export type Fanout = ReturnType<typeof createFanout>;
