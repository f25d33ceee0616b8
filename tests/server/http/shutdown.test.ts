import fs from 'node:fs/promises';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../src/api/paths';
import { loadConfig } from '../../../server/config';
import { startServer, type RunningServer } from '../../../server/main';
import type { Config } from '../../../server/config';
import { openSocket, signUpMember, waitFor } from '../chatSockets';
import { dropTestSchema, testConfig } from '../harness';

/** A request whose body is still on its way: the server has it in flight until the rest is written. */
function requestInFlight(url: string, body: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => void (received += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `POST ${API_BASE}/signin HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
  );
  return { connected, closed, received: () => received, finish: () => socket.write(body.slice(5)) };
}

const refused = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

describe('a graceful stop (SIGTERM)', () => {
  let config: Config;
  let server: RunningServer | null = null;
  afterEach(async () => {
    await server?.close();
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  it('refuses new connections, finishes the request in flight, closes its sockets so clients reconnect, and resolves drained', async () => {
    config = { ...(await testConfig('sqlite')), port: 0 };
    server = await startServer(config, { handleSignals: false });
    const member = await signUpMember(server.url);
    const socket = await openSocket(server.url, member.token);
    let reason = '';
    socket.on('disconnect', (why) => void (reason = why));
    const body = JSON.stringify({ provider: 'local', username: 'nobody-here', password: 'not the password' });
    const inFlight = requestInFlight(server.url, body);
    await inFlight.connected;
    await new Promise((resolve) => setTimeout(resolve, 50));

    const stopping = server.stop(5000);
    // The socket hears a transport close: socket.io clients (and the app's) reconnect after it.
    await waitFor(() => reason || undefined, 'the socket closed');
    expect(reason).toBe('transport close');
    expect(await refused(server.url)).toBe(true);
    // The request still in flight is answered in full, and its connection then closes.
    inFlight.finish();
    await inFlight.closed;
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(inFlight.received()).toMatch(/\r\nconnection: close\r\n/i);
    expect(await stopping).toBe('drained');
    socket.close();
  });

  it('cuts what is still running once the bound has passed and resolves timed out', async () => {
    config = { ...(await testConfig('sqlite')), port: 0 };
    server = await startServer(config, { handleSignals: false });
    const stuck = requestInFlight(server.url, JSON.stringify({ provider: 'local', username: 'someone', password: 'never finished' }));
    await stuck.connected;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await server.stop(300)).toBe('timed out');
    await stuck.closed;
  });

  it('is bounded by SHUTDOWN_TIMEOUT_MS (10 s unless set)', () => {
    expect(loadConfig({ DATA_DIR: config.dataDir, JWT_SECRET: 'x'.repeat(32) }).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: config.dataDir, JWT_SECRET: 'x'.repeat(32), SHUTDOWN_TIMEOUT_MS: '2500' }).shutdownTimeoutMs).toBe(2500);
    expect(() => loadConfig({ DATA_DIR: config.dataDir, JWT_SECRET: 'x'.repeat(32), SHUTDOWN_TIMEOUT_MS: '5' })).toThrow(
      /SHUTDOWN_TIMEOUT_MS must be at least 100/,
    );
  });
});
