/**
 * The chat benchmark's baseline: a bare socket.io relay on its own HTTP server, with the same
 * transport and frame limit as Stoa's (websocket only, SOCKET_MAX_PAYLOAD_BYTES) and the same room
 * layout (`user:<id>`, `group:<id>`), but nothing else: the handshake is a Map lookup of the token,
 * a message goes from one socket straight to the receiver's room, a group message to the room.
 * No HTTP, no authentication, no database, no rules: the floor any real chat server sits on.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { SOCKET_MAX_PAYLOAD_BYTES, SOCKET_PATH, serverEvents } from '../../src/api/socket';

/** What bench clients emit to the relay (bench-only names, unknown to Stoa). */
export const relayEvents = { send: 'relay send', broadcast: 'relay broadcast' } as const;

export interface RelaySend {
  to: string;
  message: unknown;
}

export interface Relay {
  url: string;
  close(): Promise<void>;
}

export async function startRelay(opts: { userIdByToken: ReadonlyMap<string, string>; groupId: string; groupMembers: ReadonlySet<string> }): Promise<Relay> {
  const http = createServer();
  const io = new Server(http, { path: SOCKET_PATH, transports: ['websocket'], serveClient: false, maxHttpBufferSize: SOCKET_MAX_PAYLOAD_BYTES });
  const group = `group:${opts.groupId}`;

  io.use((socket, next) => {
    const userId = opts.userIdByToken.get(String(socket.handshake.auth?.token));
    if (!userId) return next(new Error('unknown token'));
    socket.data.userId = userId;
    next();
  });
  io.on('connection', (socket) => {
    const userId = socket.data.userId as string;
    // Joined synchronously, before the client can send anything (as Stoa's own room is).
    void socket.join(`user:${userId}`);
    if (opts.groupMembers.has(userId)) void socket.join(group);
    socket.on(relayEvents.send, (payload: RelaySend) => {
      io.to(`user:${payload.to}`).emit(serverEvents.messageReceived, payload.message);
    });
    socket.on(relayEvents.broadcast, (message: unknown) => {
      io.to(group).emit(serverEvents.groupMessageReceived, message);
    });
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
