import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Server } from 'socket.io';
import type { SocketAck } from '../../src/api/chat';
import type { RateLimitRule } from '../config';

export const SOCKET_SLOW_DOWN = 'Too many requests, please slow down';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyServer = Server<any, any, any, any>;

/**
 * Every client event a socket emits (join room, watch presence, group actions) counts against
 * `rule`, per socket: each asks the database or every process something, so a client that emits
 * in a loop is answered `{ok:false, message}` instead, and keeps its connection. A socket lives on
 * one process, so the count is kept in that process's memory.
 */
export function limitClientEvents(io: AnyServer, rule: RateLimitRule, onRefused?: () => void): void {
  const limiter = new RateLimiterMemory({ points: rule.max, duration: Math.max(1, Math.ceil(rule.windowMs / 1000)) });
  io.on('connection', (socket) => {
    socket.use((packet, next) => {
      limiter.consume(socket.id).then(
        () => next(),
        () => {
          onRefused?.();
          const ack = packet[packet.length - 1];
          if (typeof ack === 'function') (ack as (answer: SocketAck) => void)({ ok: false, message: SOCKET_SLOW_DOWN });
        },
      );
    });
  });
}
