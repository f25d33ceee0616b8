import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { StreamEvent, StreamEventPayloads } from '../../src/api/socket';

/** What fan-out needs of socket.io: emit to a set of rooms (each socket once). */
export interface RoomEmitter {
  to(rooms: string[]): { emit(event: string, payload: unknown): unknown };
  except(rooms: string[]): { emit(event: string, payload: unknown): unknown };
}

const USER_ROOM = 'user:';
export const userRoom = (userId: string) => `${USER_ROOM}${userId}`;
/** The member whose room this is, or null for any other room (group chats, socket ids). */
/** Members a frame goes to per turn of the event loop (toUsersInTurns). */
export const FANOUT_TURN = 50;

export const userIdOfRoom = (room: string): string | null => (room.startsWith(USER_ROOM) ? room.slice(USER_ROOM.length) : null);

/**
 * Sends stream events to exactly the members the caller names, through their user rooms.
 * Services decide the audience (with the visibility predicate); this only delivers. Until the
 * socket server is attached (scripts, API tests without sockets) events go nowhere.
 * With the Redis adapter, `to(rooms).emit` reaches sockets on every process.
 */
export function createFanout() {
  let io: RoomEmitter | null = null;
  const toUsers = <E extends StreamEvent>(userIds: Iterable<string>, event: E, payload: StreamEventPayloads[E]): void => {
    const rooms = [...new Set(userIds)].map(userRoom);
    if (!io || rooms.length === 0) return;
    io.to(rooms).emit(event, payload);
  };
  return {
    attach(emitter: RoomEmitter): void {
      io = emitter;
    },
    toUsers,
    /**
     * As toUsers, FANOUT_TURN members a turn with requests answered in between: a frame costs a
     * socket write per receiving socket (~20-30 us), so one to a thousand members is tens of ms
     * in one piece, and every request that arrives meanwhile waits for all of it. Each member
     * still gets the frame once, and frames sent this way one after another keep their order.
     */
    async toUsersInTurns<E extends StreamEvent>(userIds: Iterable<string>, event: E, payload: StreamEventPayloads[E]): Promise<void> {
      const ids = [...new Set(userIds)];
      for (let from = 0; from < ids.length; from += FANOUT_TURN) {
        if (from > 0) await yieldToRequests();
        toUsers(ids.slice(from, from + FANOUT_TURN), event, payload);
      }
    },
    /** Every connected member but these (news that concerns whoever might be looking, e.g. a group turning private). */
    toAllExcept<E extends StreamEvent>(userIds: Iterable<string>, event: E, payload: StreamEventPayloads[E]): void {
      if (!io) return;
      io.except([...new Set(userIds)].map(userRoom)).emit(event, payload);
    },
  };
}

export type Fanout = ReturnType<typeof createFanout>;
