/**
 * The chat benchmark's baselines: a bare socket.io relay on its own HTTP server, with the same
 * transport and frame limit as Stoa's (websocket only, SOCKET_MAX_PAYLOAD_BYTES) and the same room
 * layout (`user:<id>`, `group:<id>`), but nothing else: the handshake is a Map lookup of the token,
 * a message goes from one socket straight to the receiver's room, a group message to the room.
 * No HTTP, no authentication, no rules: the floor any real chat server sits on.
 *
 * With `durable`, it is also the bare chat server, the floor of a chat that keeps its promise
 * "stored before it is sent": a Fastify route (CHAT_FLOOR_PATH, the sender's token as bearer) that
 * stores the message row in one transaction (the conversation's seq bumped, the row inserted,
 * committed) in a copy of the server's own database file, opened with the server's pragmas (WAL,
 * the server's `synchronous`: useServerPragmas), then sends the frames Stoa's protocol sends for
 * a message (`message received` to both members' rooms, the sender's other tabs included; `chat
 * list` to each; the receiver's `notification`) and answers. The conversation's id is kept in a
 * Map once made: the floor pays an HTTP request, the durable write and the frames, nothing else.
 * (Until 30 November 2026 it sent the receiver's `message received` alone: the frames the lists
 * run on, which any server of this protocol sends, were counted as Stoa's overhead; chat.md.)
 *
 * With `notify`, its group broadcast has a second event, as the real group send has: after the
 * message, on the next turn, the `notification` of it (its payload, `{type: 'messages', message}`)
 * to the same room but the sender's own sockets. That broadcast is the floor of a group send that
 * tells every receiver twice (two frames per socket to write, and for the clients to read), which
 * the bare broadcast alone is not: the chat benchmark's floor relay has it and judges the group
 * goals against it (until then a diagnostic knob, BENCH_CHAT_BARE_NOTIFY).
 */
import type { AddressInfo } from 'node:net';
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import { Server } from 'socket.io';
import { useServerPragmas } from '../../server/db/database';
import { newId } from '../../server/db/ids';
import type { ServerFile } from './insertFloor';
import { SOCKET_MAX_PAYLOAD_BYTES, SOCKET_PATH, serverEvents, type NotificationPayload } from '../../src/api/socket';
import type { ChatMessage } from '../../src/api/chat';

/** What bench clients emit to the relay (bench-only names, unknown to Stoa). */
export const relayEvents = { send: 'relay send', broadcast: 'relay broadcast' } as const;

/** The bare chat server's one route (a bench-only path, unknown to Stoa): a RelaySend as its JSON body. */
export const CHAT_FLOOR_PATH = '/bench/chat/message';

export interface RelaySend {
  to: string;
  message: unknown;
}

export interface Relay {
  url: string;
  close(): Promise<void>;
}

/** What the durable relay stores of a message (the fleet sends the real server's JSON). */
interface RelayedMessage {
  body?: string;
  gifUrl?: string;
  selectedImage?: string;
  clientId?: string | null;
}

/**
 * Stores one private message as the server's ChatStore does: in one transaction, the
 * conversation's last_seq bumped and the row inserted with it; committed before it returns.
 */
function durableStore(file: ServerFile) {
  const database = new BetterSqlite3(file.file);
  useServerPragmas(database, file.synchronous);
  const conversations = new Map<string, string>();
  const createConversation = database.prepare(
    "insert into chat_conversations (id, kind, user_one, user_two, group_id, last_seq, last_message_at, created_at) values (?, 'private', ?, ?, null, 0, null, ?)",
  );
  const bump = database.prepare<[string, string], { last_seq: number }>(
    'update chat_conversations set last_seq = last_seq + 1, last_message_at = ? where id = ? returning last_seq',
  );
  const insert = database.prepare(
    'insert into chat_messages (id, conversation_id, seq, sender_id, receiver_id, group_id, body, gif_url, selected_image, is_read, deleted_for_everyone, client_id, created_at) ' +
      'values (?, ?, ?, ?, ?, null, ?, ?, ?, 0, 0, ?, ?)',
  );
  const store = database.transaction((senderId: string, receiverId: string, message: RelayedMessage) => {
    const [one, two] = senderId < receiverId ? [senderId, receiverId] : [receiverId, senderId];
    const now = new Date().toISOString();
    let conversationId = conversations.get(`${one}|${two}`);
    if (!conversationId) {
      conversationId = newId();
      createConversation.run(conversationId, one, two, now);
      conversations.set(`${one}|${two}`, conversationId);
    }
    const seq = bump.get(now, conversationId)!.last_seq;
    const id = newId();
    insert.run(
      id,
      conversationId,
      seq,
      senderId,
      receiverId,
      message.body ?? '',
      message.gifUrl ?? '',
      message.selectedImage ?? '',
      message.clientId ?? null,
      now,
    );
    return { _id: id, seq, conversationId, createdAt: now };
  });
  return { store, close: () => database.close() };
}

export async function startRelay(opts: {
  userIdByToken: ReadonlyMap<string, string>;
  groupId: string;
  groupMembers: ReadonlySet<string>;
  /** A copy of the server's SQLite file: the bare chat server's route stores each message in it before it emits it. */
  durable?: ServerFile;
  /** Its group broadcast also sends each message's `notification`, on the next turn. */
  notify?: boolean;
}): Promise<Relay> {
  const durable = opts.durable ? durableStore(opts.durable) : null;
  const app = Fastify({ logger: false });
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: SOCKET_MAX_PAYLOAD_BYTES,
  });
  const group = `group:${opts.groupId}`;
  const notifyToo = opts.notify === true;

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
      if (notifyToo) {
        const notification: NotificationPayload = { type: 'messages', message: message as ChatMessage };
        // On a later turn, as the server's follows its reads: sent in the same turn, each socket's
        // notification frame lands right behind its message and the clients read 1,000 frames
        // before the last message instead of about 500 (measured: the bare p50 doubled).
        setImmediate(() => io.to(group).except(`user:${userId}`).emit(serverEvents.notification, notification));
      }
    });
  });

  if (durable) {
    app.post<{ Body: RelaySend }>(CHAT_FLOOR_PATH, async (request, reply) => {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const userId = token === undefined ? undefined : opts.userIdByToken.get(token);
      if (!userId) return reply.code(401).send({ message: 'unknown token', statusCode: 401 });
      const { to, message } = request.body;
      const stored = { ...(message as RelayedMessage), ...durable.store(userId, to, message as RelayedMessage) };
      io.to([`user:${to}`, `user:${userId}`]).emit(serverEvents.messageReceived, stored);
      io.to(`user:${userId}`).emit(serverEvents.chatList, { ...stored, unreadCount: 0 });
      io.to(`user:${to}`).emit(serverEvents.chatList, { ...stored, unreadCount: 1 });
      const notification: NotificationPayload = { type: 'messages', message: stored as ChatMessage };
      io.to(`user:${to}`).emit(serverEvents.notification, notification);
      return reply.code(201).send({ chat: stored });
    });
  }

  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await app.close().catch(() => undefined);
      durable?.close();
    },
  };
}
