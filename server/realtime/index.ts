import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import {
  SOCKET_MAX_PAYLOAD_BYTES,
  SOCKET_PATH,
  type ChatEvent,
  type ChatEventPayloads,
  type StreamEvent,
  type StreamEventPayloads,
} from '../../src/api/socket';
import { authenticateHandshake } from './handshake';
import type { TokenVerifier } from '../core/authContext';
import { attachChatSockets, originAllowed } from './chatSockets';
import { limitClientEvents } from './clientEventLimit';
import { userRoom } from './fanout';
import { useRedisAdapter } from './redisAdapter';
import { capSocketsPerMember } from './socketCap';
import { requestIdOf } from '../observability/requestId';
import { attachCheckpointSockets } from './checkpointSockets';

export { userRoom };

export interface SocketData {
  userId: string;
  username: string;
  sessionId: string;
  /** The handshake's request id (a trusted proxy's X-Request-Id, else a fresh one): `reqId` on the socket's log lines. */
  requestId: string;
}

/** Events the server sends; chat and groups add theirs to src/api/socket.ts and here. */
export type ServerToClientEvents = { [E in StreamEvent]: (payload: StreamEventPayloads[E]) => void } & {
  [E in ChatEvent]: (payload: ChatEventPayloads[E]) => void;
};

export type RealtimeServer = Server<Record<string, never>, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * socket.io on the app's own HTTP server. A socket must present a live session token in its
 * handshake (`auth.token`), checked exactly as HTTP requests are; rooms are the server's choice.
 * Every socket joins its member's own room; chat and groups add theirs.
 */
export function attachRealtime(app: FastifyInstance, opts: { verify: TokenVerifier }): RealtimeServer {
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    // A bigger frame closes that socket only (chat: client frames are small; messages go over HTTP).
    maxHttpBufferSize: SOCKET_MAX_PAYLOAD_BYTES,
    // Browsers send Origin: only this site's may open a socket (see originAllowed).
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(null, originAllowed(typeof origin === 'string' ? origin : undefined, req.headers.host, app.services.config.publicUrl));
    },
  });
  // socket.io answers its own path (handshakes and refusals) without Fastify's hooks: the same
  // security headers go on first (writeHead keeps headers set before it).
  const withSecurityHeaders = (request: IncomingMessage, response: ServerResponse) => {
    if (!request.url?.startsWith(SOCKET_PATH)) return;
    for (const [name, value] of Object.entries(app.securityHeaders)) response.setHeader(name, value);
  };
  app.server.prependListener('request', withSecurityHeaders);
  app.addHook('onClose', async () => void app.server.off('request', withSecurityHeaders));
  // Across processes when REDIS_URL is set (rooms, broadcasts, fetchSockets).
  useRedisAdapter(app, io, app.services.config.redisUrl, app.services.config.socketRedisKey);

  const requestId = requestIdOf(app.services.config.trustProxy);
  io.use(
    authenticateHandshake(opts.verify, (auth, socket) => ({
      userId: auth.userId,
      username: auth.username,
      sessionId: auth.sessionId,
      requestId: requestId(socket.request),
    })),
  );

  // What clients emit is counted per socket before any handler runs (clientEventLimit.ts).
  limitClientEvents(io, app.services.config.rateLimits.socketEvents, () => app.metrics?.socketEventRefused());
  if (app.metrics) app.metrics.sources.sockets = () => io.engine.clientsCount;
  // The room every socket of a member joins: events for that member go there (see fanout.ts).
  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userId));
    // The socket's lines carry its handshake's request id: connected, each client event (debug), gone.
    const log = app.log.child({ reqId: socket.data.requestId, socketId: socket.id, userId: socket.data.userId });
    log.info('socket connected');
    socket.use((packet, next) => {
      log.debug({ event: packet[0] }, 'socket event');
      next();
    });
    socket.once('disconnect', (reason) => log.info({ reason }, 'socket disconnected'));
  });
  // After the join above: a member's sockets past the cap close, oldest first (socketCap.ts).
  capSocketsPerMember(io, app.services.config.socketsPerMember, app.log);
  // Presence (`user online`): server/realtime/presence.ts.
  app.services.presence.attach(io);
  // The posts each socket shows (`watch posts`): server/realtime/postWatch.ts.
  app.services.postWatch.attach(io);
  // Chat: group rooms, client events, and closing the sockets of ended sessions.
  const detachChat = attachChatSockets(io, {
    chat: app.services.chat,
    rooms: app.services.chatRooms,
    sessionEvents: app.services.sessionEvents,
    log: app.log,
  });
  app.addHook('onClose', async () => detachChat());
  // The checkpoint pages' own namespace: banned members too, `standing changed` only.
  const detachCheckpoint = attachCheckpointSockets(io, {
    verify: opts.verify,
    socketsPerMember: app.services.config.socketsPerMember,
    events: app.services.checkpointEvents,
    sessionEvents: app.services.sessionEvents,
    log: app.log,
  });
  app.addHook('onClose', async () => detachCheckpoint());
  app.services.fanout.attach({
    to: (rooms) => ({ emit: (event, payload) => io.to(rooms).emit(event as StreamEvent, payload as never) }),
    except: (rooms) => ({ emit: (event, payload) => io.except(rooms).emit(event as StreamEvent, payload as never) }),
  });

  // Open websockets would keep the HTTP server from closing; end them first. This process's only:
  // with the Redis adapter io.disconnectSockets() would close every process's sockets. Clients
  // see a transport close and reconnect (to another process, behind a proxy).
  app.addHook('preClose', async () => {
    io.engine.close();
  });

  return io;
}
