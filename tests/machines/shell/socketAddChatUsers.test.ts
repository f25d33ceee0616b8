import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { SOCKET_PATH, serverEvents } from '../../../src/api/socket';
import { createBus, createConnection, socketLogic, type BusMessage } from '../../../src/effects/shell/socket';

/** `add chat users` (another tab opened or closed a private chat) reaches the bus, where the chat's viewing effect listens. */
describe('the socket effect and add chat users', () => {
  const http = createServer();
  const io = new Server(http, { path: SOCKET_PATH, transports: ['websocket'] });
  io.on('connection', (socket) => socket.emit(serverEvents.addChatUsers, { userOne: 'ada', userTwo: 'ben', viewing: false }));
  afterAll(async () => {
    await io.close();
  });

  it('hands it to the bus as it came', async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const bus = createBus();
    const seen: BusMessage[] = [];
    bus.subscribe((message) => void seen.push(message));
    const actor = createActor(
      socketLogic(
        bus,
        createConnection(url, () => import('socket.io-client').then((m) => m.io)),
      ),
    ).start();
    actor.send({ type: 'socket.start', token: 'token' });
    const deadline = Date.now() + 15_000;
    while (!seen.some((m) => m.event === serverEvents.addChatUsers) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    actor.stop();
    expect(seen.filter((m) => m.event === serverEvents.addChatUsers)).toEqual([
      { event: serverEvents.addChatUsers, payload: { userOne: 'ada', userTwo: 'ben', viewing: false } },
    ]);
  });
});
