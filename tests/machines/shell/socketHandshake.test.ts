import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { SOCKET_PATH } from '../../../src/api/socket';
import { createBus, createConnection, socketLogic } from '../../../src/effects/shell/socket';

/**
 * A server that goes down mid-handshake (the transport is open, the server has not yet let the
 * socket in: its token check is slow) must not leave the app's socket waiting for ever: socket.io
 * reports that as a disconnect, not a connect error. Found by the reconnect storm.
 */
describe('the socket when the server goes down during the handshake', () => {
  const http = createServer();
  const io = new Server(http, { path: SOCKET_PATH, transports: ['websocket'] });
  let handshakes = 0;
  // Never lets a socket in: each attempt hangs here until the transport is cut.
  io.use(() => void (handshakes += 1));
  afterAll(async () => {
    await io.close();
  });

  it('tries again, with the usual delay', async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const actor = createActor(
      socketLogic(
        createBus(),
        createConnection(url, () => import('socket.io-client').then((m) => m.io)),
      ),
    ).start();
    actor.send({ type: 'socket.start', token: 'token' });
    const until = async (done: () => boolean, what: string) => {
      const deadline = Date.now() + 15_000;
      while (!done()) {
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${what} (socket ${JSON.stringify(actor.getSnapshot().value)}, ${handshakes} handshakes)`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await until(() => handshakes === 1, 'the first handshake');
    // The server's end of every transport goes, as when its process is killed.
    io.disconnectSockets(true);
    // (engine.close() would also stop new transports; the retry must find the server listening.)
    for (const client of Object.values((io.engine as unknown as { clients: Record<string, { close(): void }> }).clients)) client.close();
    await until(() => actor.getSnapshot().matches({ active: 'reconnecting' }), 'the socket to wait before trying again');
    expect(actor.getSnapshot().context.lastError).toBe('transport close');
    await until(() => handshakes === 2, 'a second handshake');
    actor.stop();
  });
});
