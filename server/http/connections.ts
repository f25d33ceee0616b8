import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long to arrive. Please try again.';

/**
 * Fastify's options that bound a connection's time (config.connections): Fastify itself turns
 * Node's request timeout off, so a body that trickles in would hold its connection for ever.
 * Node checks the request and headers timeouts on an interval (30 s by default): it is made a
 * fraction of the headers timeout so a 408 comes close to the configured time.
 * Upgraded sockets (socket.io's websockets) leave these timeouts behind: ws clears the idle
 * timeout and Node stops tracking the request of an upgraded connection.
 */
export function connectionOptions(config: Config): {
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionTimeout: number;
  http: http.ServerOptions;
} {
  const c = config.connections;
  return {
    requestTimeout: c.requestTimeoutMs,
    keepAliveTimeout: c.keepAliveTimeoutMs,
    connectionTimeout: c.idleTimeoutMs,
    http: {
      requestTimeout: c.requestTimeoutMs,
      headersTimeout: c.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(c.headersTimeoutMs / 4))),
    },
  };
}

/** Caps open connections: past config.connections.max, Node drops new ones at once. */
export function capConnections(app: FastifyInstance, config: Config): void {
  app.server.maxConnections = config.connections.max;
}

const ANSWERS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: REQUEST_TIMEOUT_MESSAGE },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Request headers are too large' },
};

/**
 * What a connection gets when Node refuses it before Fastify sees a request (a timeout, broken
 * HTTP): the one error shape, then the connection is closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = ANSWERS[error.code ?? ''] ?? { status: 400, message: 'Malformed request' };
  this.log.debug({ err: error }, 'client error');
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const body = JSON.stringify({ message, statusCode: status });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
