import type { FastifyBaseLogger } from 'fastify';
import type { Namespace } from 'socket.io';
import type { MyAppeal } from '../../src/api/moderation';
import { CHECKPOINT_NAMESPACE, serverEvents, type CheckpointEventPayloads } from '../../src/api/socket';
import type { TokenVerifier } from '../core/authContext';
import { authenticateHandshake } from './handshake';
import type { SessionEvents } from './sessionEvents';
import { capSocketsPerMember } from './socketCap';

const CHECKPOINT_ROOM = 'checkpoint:';
export const checkpointRoom = (userId: string) => `${CHECKPOINT_ROOM}${userId}`;

type Emit = <E extends keyof CheckpointEventPayloads>(userId: string, event: E, payload: CheckpointEventPayloads[E]) => void;

/**
 * News for the checkpoint pages. A banned member has no socket on the main namespace (the
 * handshake refuses them, a ban closes theirs), so their checkpoint pages open one on
 * CHECKPOINT_NAMESPACE, which carries only this. Until the socket server is attached (scripts,
 * API tests without sockets) events go nowhere; with the Redis adapter they reach every process.
 */
export function createCheckpointEvents() {
  let emit: Emit | null = null;
  return {
    attach(emitter: Emit): void {
      emit = emitter;
    },
    /** An admin decided the member's appeal or lifted their ban: their standing as GET /appeal now answers it. */
    standingChanged(userId: string, standing: MyAppeal): void {
      emit?.(userId, serverEvents.standingChanged, standing);
    },
  };
}
export type CheckpointEvents = ReturnType<typeof createCheckpointEvents>;

interface CheckpointSocketData {
  userId: string;
  sessionId: string;
}

/**
 * CHECKPOINT_NAMESPACE: any live session may connect, banned or not (the ban is what it is for);
 * each socket joins its member's checkpoint room and may send nothing. A session that ends by
 * sign-out or a password change closes its sockets here too; a ban leaves them open (it is news
 * the checkpoint already shows).
 */
export function attachCheckpointSockets(
  io: { of(name: string): Namespace },
  deps: { verify: TokenVerifier; events: CheckpointEvents; sessionEvents: SessionEvents; socketsPerMember: number; log: FastifyBaseLogger },
): () => void {
  const namespace = io.of(CHECKPOINT_NAMESPACE);
  namespace.use(
    authenticateHandshake(deps.verify, (auth) => ({ userId: auth.userId, sessionId: auth.sessionId }) satisfies CheckpointSocketData, {
      allowBanned: true,
    }),
  );
  namespace.on('connection', (socket) => {
    void socket.join(checkpointRoom((socket.data as CheckpointSocketData).userId));
  });
  // The same cap as the main namespace's, counted apart: a banned member cannot pile sockets up here.
  capSocketsPerMember(namespace, deps.socketsPerMember, deps.log, checkpointRoom);
  deps.events.attach((userId, event, payload) => namespace.to(checkpointRoom(userId)).emit(event, payload));
  return deps.sessionEvents.onEnded((end) => {
    if (end.reason === 'banned') return;
    void (async () => {
      const sockets = await namespace.in(checkpointRoom(end.userId)).fetchSockets();
      for (const socket of sockets) {
        if (end.sessionId && (socket.data as CheckpointSocketData | undefined)?.sessionId !== end.sessionId) continue;
        socket.disconnect(true);
      }
    })().catch((error: unknown) => deps.log.warn({ err: error }, 'ending checkpoint sockets of a session failed'));
  });
}
