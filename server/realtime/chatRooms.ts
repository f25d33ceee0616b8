import type { ChatEvent, ChatEventPayloads } from '../../src/api/socket';
import { userRoom } from './fanout';

export const groupRoom = (groupId: string) => `group:${groupId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** What chat needs of socket.io (a Server, with or without the Redis adapter). */
export interface ChatIo {
  to(rooms: string | string[]): {
    except(rooms: string | string[]): { emit(event: string, payload: unknown): unknown };
    emit(event: string, payload: unknown): unknown;
  };
  in(rooms: string | string[]): {
    socketsJoin(room: string): void;
    socketsLeave(room: string): void;
    disconnectSockets(close?: boolean): void;
  };
}

/**
 * Chat's delivery: to members' own rooms and to group rooms, and moving members' sockets in and
 * out of group rooms when membership changes. With the Redis adapter every call reaches sockets
 * on every process. Until attached (API tests without sockets) nothing is sent.
 */
export function createChatRooms() {
  let io: ChatIo | null = null;
  return {
    attach(server: ChatIo): void {
      io = server;
    },
    toUsers<E extends ChatEvent>(userIds: Iterable<string>, event: E, payload: ChatEventPayloads[E]): void {
      const rooms = [...new Set(userIds)].map(userRoom);
      if (!io || rooms.length === 0) return;
      io.to(rooms).emit(event, payload);
    },
    /** To the accepted members of a group (its room), leaving out the given members. */
    toGroup<E extends ChatEvent>(groupId: string, event: E, payload: ChatEventPayloads[E], exceptUserIds: string[] = []): void {
      if (!io) return;
      const target = io.to(groupRoom(groupId));
      if (exceptUserIds.length > 0) target.except(exceptUserIds.map(userRoom)).emit(event, payload);
      else target.emit(event, payload);
    },
    joinGroup(userId: string, groupId: string): void {
      io?.in(userRoom(userId)).socketsJoin(groupRoom(groupId));
    },
    leaveGroup(userId: string, groupId: string): void {
      io?.in(userRoom(userId)).socketsLeave(groupRoom(groupId));
    },
    closeGroup(groupId: string): void {
      io?.in(groupRoom(groupId)).socketsLeave(groupRoom(groupId));
    },
  };
}

export type ChatRooms = ReturnType<typeof createChatRooms>;
