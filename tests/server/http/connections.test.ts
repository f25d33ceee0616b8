import fs from 'node:fs/promises';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../src/api/paths';
import { REQUEST_TIMEOUT_MESSAGE } from '../../../server/http/connections';
import { startServer, type RunningServer } from '../../../server/main';
import type { Config } from '../../../server/config';
import { emitAck, openSocket, settle, signUpMember } from '../chatSockets';
import { dropTestSchema, testConfig } from '../harness';

/** A raw connection that writes what it is told and collects everything the server sends back. */
function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, closed, received: () => received };
}

/** Small timeouts so slow requests end within a test; every other setting as in production. */
function smallTimeouts(extra: Record<string, string> = {}) {
  let config: Config;
  let server: RunningServer;
  beforeAll(async () => {
    const env = {
      REQUEST_TIMEOUT_MS: '1000',
      HEADERS_TIMEOUT_MS: '500',
      CONNECTION_TIMEOUT_MS: '400',
      KEEP_ALIVE_TIMEOUT_MS: '300',
      ...extra,
    };
    config = { ...(await testConfig('sqlite', { env })), port: 0 };
    server = await startServer(config, { handleSignals: false });
  });
  afterAll(async () => {
    await server.close();
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });
  return {
    get url() {
      return server.url;
    },
  };
}

describe('slow requests', () => {
  const server = smallTimeouts();

  it('answer a body that trickles in with 408 and close the connection', async () => {
    const c = rawConnection(server.url);
    c.socket.write(`POST ${API_BASE}/signin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`);
    // One byte every 100 ms: never idle, never done.
    const trickle = setInterval(() => c.socket.writable && c.socket.write(' '), 100);
    await c.closed;
    clearInterval(trickle);
    const [head, body] = c.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(body!)).toEqual({ message: REQUEST_TIMEOUT_MESSAGE, statusCode: 408 });
  });

  it('answer headers that never end with 408', async () => {
    const c = rawConnection(server.url);
    c.socket.write(`GET ${API_BASE}/health HTTP/1.1\r\nHost: localhost\r\n`);
    const trickle = setInterval(() => c.socket.writable && c.socket.write('X-Slow: 1\r\n'), 100);
    await c.closed;
    clearInterval(trickle);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('close a connection on which nothing moves', async () => {
    const c = rawConnection(server.url);
    await c.closed;
    expect(c.received()).toBe('');
  });

  it('leave websockets open far past every timeout', async () => {
    const member = await signUpMember(server.url);
    const socket = await openSocket(server.url, member.token);
    let disconnected = false;
    socket.on('disconnect', () => {
      disconnected = true;
    });
    await settle(2500);
    expect(disconnected).toBe(false);
    expect(socket.connected).toBe(true);
    expect((await emitAck(socket, 'join room', 'user:someone-else')).ok).toBeDefined();
    socket.close();
  });
});

describe('the connection cap', () => {
  const server = smallTimeouts({ MAX_CONNECTIONS: '3', CONNECTION_TIMEOUT_MS: '60000', KEEP_ALIVE_TIMEOUT_MS: '60000' });

  it('drops connections past MAX_CONNECTIONS and takes new ones once others close', async () => {
    const held = [rawConnection(server.url), rawConnection(server.url), rawConnection(server.url)];
    await Promise.all(held.map((c) => new Promise((resolve) => c.socket.once('connect', resolve))));
    await settle(100);
    const extra = rawConnection(server.url);
    extra.socket.write(`GET ${API_BASE}/health HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await extra.closed;
    expect(extra.received()).toBe('');
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    await settle(100);
    const response = await fetch(`${server.url}${API_BASE}/health`);
    expect(response.status).toBe(200);
  });
});
