import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import { groupActionSchema, joinGroupRoomSchema, type SocketAck } from '../../src/api/chat';
import { clientEvents, serverEvents, type SessionEndedPayload } from '../../src/api/socket';
import type { ChatService } from '../modules/chat/service';
import { groupRoom, type ChatRooms } from './chatRooms';
import { onClientEvent } from './clientEvent';
import { userRoom } from './fanout';
import type { SessionEvents } from './sessionEvents';

interface ChatSocketData {
  userId: string;
  sessionId: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyServer = Server<any, any, any, any>;

/**
 * The chat side of each socket. Rooms are the server's choice, never the client's: a socket is in
 * its member's own room and in the rooms of the group chats the member has accepted, looked up in
 * the database on connect and kept in step as memberships change (ChatRooms). What clients emit
 * only asks the server to re-check; a room name or member list a client sends is never used.
 */
export function attachChatSockets(
  io: AnyServer,
  deps: { chat: ChatService; rooms: ChatRooms; sessionEvents: SessionEvents; log: FastifyBaseLogger },
): () => void {
  const { chat } = deps;
  deps.rooms.attach(io);

  io.on('connection', (socket: Socket) => {
    const data = socket.data as ChatSocketData;
    const groupsOf = () => [...socket.rooms].filter((room) => room.startsWith('group:')).map((room) => room.slice('group:'.length));
    // Joined before any client event is answered, so an acknowledged socket is in all its rooms.
    const ready = chat
      .acceptedGroupIds(data.userId)
      .then((ids) => socket.join(ids.map(groupRoom)))
      .catch((error: unknown) => deps.log.warn({ err: error }, 'chat: joining group rooms failed'));

    const on = (event: string, handler: (payload: unknown) => Promise<SocketAck>) =>
      onClientEvent(socket, event, handler, { log: deps.log, ready });

    // Whatever room name is sent, the socket is only ever in its own room (already joined).
    on(clientEvents.joinRoom, async () => ({ ok: true, groups: groupsOf() }));

    on(clientEvents.joinGroupRoom, async (payload) => {
      const parsed = joinGroupRoomSchema.safeParse(payload);
      if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid group id' };
      if (!(await chat.isAcceptedMember(data.userId, parsed.data.groupId)))
        return { ok: false, message: 'Group not found', groups: groupsOf() };
      await socket.join(groupRoom(parsed.data.groupId));
      return { ok: true, groups: groupsOf() };
    });

    on(clientEvents.leaveGroupRoom, async (payload) => {
      const parsed = joinGroupRoomSchema.safeParse(payload);
      if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid group id' };
      await socket.leave(groupRoom(parsed.data.groupId));
      return { ok: true, groups: groupsOf() };
    });

    // CREATE_GROUP and the other actions: the server already announced the change when it was
    // stored; here it only re-syncs this socket's room for that group from the database.
    on(clientEvents.groupAction, async (payload) => {
      const parsed = groupActionSchema.safeParse(payload);
      if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid group action' };
      const { groupId } = parsed.data;
      if (await chat.isAcceptedMember(data.userId, groupId)) await socket.join(groupRoom(groupId));
      else await socket.leave(groupRoom(groupId));
      return { ok: true, groups: groupsOf() };
    });
  });

  // A session that ends closes its sockets on every process: the member is told why, then cut off.
  // A ban says so first (`banned`, with the reason: the page moves to the checkpoint).
  return deps.sessionEvents.onEnded((end) => {
    void (async () => {
      try {
        const sockets = await io.in(userRoom(end.userId)).fetchSockets();
        const payload: SessionEndedPayload = { reason: end.reason };
        for (const socket of sockets) {
          if (end.sessionId && (socket.data as ChatSocketData | undefined)?.sessionId !== end.sessionId) continue;
          if (end.ban) socket.emit(serverEvents.banned, end.ban);
          socket.emit(serverEvents.sessionEnded, payload);
          socket.disconnect(true);
        }
      } finally {
        // Every session ended (a ban): whatever joined the room meanwhile, or if asking the other
        // processes failed, goes too. A reconnect is refused by the handshake.
        if (!end.sessionId) io.in(userRoom(end.userId)).disconnectSockets(true);
      }
    })().catch((error: unknown) => deps.log.warn({ err: error }, 'ending sockets of a session failed'));
  });
}

/**
 * The handshake's Origin check: browsers always send Origin, and only this site's may connect
 * (PUBLIC_URL's origin, or the same host the request was sent to: a dev proxy keeps the Host).
 * Clients that are not browsers send none; they still need a live token.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (url.origin === new URL(publicUrl).origin) return true;
  return host !== undefined && url.host === host && (url.protocol === 'http:' || url.protocol === 'https:');
}
