import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { SocketAck } from '../../src/api/chat';

/**
 * Answers a client event through its acknowledgement callback: a bad payload or a failure answers
 * `{ok:false}` and never crashes the server. A client may emit with or without a payload; the
 * callback is the last argument either way. `ready` (optional) is awaited first, so a socket is
 * answered only once it is in the rooms the server put it in on connect.
 */
export function onClientEvent(
  socket: Socket,
  event: string,
  handler: (payload: unknown) => Promise<SocketAck>,
  deps: { log: FastifyBaseLogger; ready?: Promise<unknown> },
): void {
  socket.on(event, (payload: unknown, callback?: unknown) => {
    const reply = typeof payload === 'function' && callback === undefined ? payload : callback;
    const answer = (ack: SocketAck) => {
      if (typeof reply === 'function') (reply as (a: SocketAck) => void)(ack);
    };
    Promise.resolve(deps.ready)
      .then(() => handler(typeof payload === 'function' ? undefined : payload))
      .then(answer)
      .catch((error: unknown) => {
        deps.log.warn({ err: error }, `socket: ${event} failed`);
        answer({ ok: false, message: 'Something went wrong' });
      });
  });
}
