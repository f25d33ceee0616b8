import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SESSION_ENDED_MESSAGE } from '../../../src/api/account/sessions';
import { createApiClient } from '../../../src/api/client';
import { SOCKET_PATH, serverEvents, type SessionEndedPayload } from '../../../src/api/socket';
import { sessionEndWatchLogic } from '../../../src/effects/session/sessionEndWatch';
import { createBus, createConnection, socketLogic } from '../../../src/effects/shell/socket';
import { appMachine } from '../../../src/machines/shell/app.machine';
import { alice } from '../../fixtures/auth';

describe('this session ended from another device', () => {
  function start() {
    const bus = createBus();
    const logic = appMachine.provide({ actors: { sessionEndWatch: sessionEndWatchLogic(bus), socket: socketLogic(bus) } });
    const app = createActor(logic, { input: { storedTheme: null } }).start();
    const session = app.system.get('session')!;
    session.send({ type: 'session.login', token: 't', user: alice });
    return { app, bus, session };
  }
  const toastsOf = (app: ReturnType<typeof start>['app']) =>
    (app.system.get('toasts')!.getSnapshot().context as { toasts: { notification: { description: string } }[] }).toasts.map(
      (t) => t.notification.description,
    );

  it('clears the session (the guard then goes to sign-in), says why once, and closes the socket', () => {
    const { app, bus, session } = start();
    const socket = app.system.get('socket')!;
    expect(socket.getSnapshot().matches('active')).toBe(true);
    bus.publish({ event: 'session ended' });
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(socket.getSnapshot().value).toBe('disconnected');
    // The socket and a request may both say so: one message.
    bus.publish({ event: 'session ended' });
    expect(toastsOf(app)).toEqual([SESSION_ENDED_MESSAGE]);
    app.stop();
    expect(bus.size).toBe(0);
  });

  it('hears it from any request refused with the ended-session message, and from nothing else', async () => {
    const ended = vi.fn();
    const answer = (status: number, message: string) =>
      new Response(JSON.stringify({ message, statusCode: status }), { status, headers: { 'content-type': 'application/json' } });
    let next = answer(401, 'Session expired, please sign in again');
    const api = createApiClient({
      baseURL: 'http://stoa.test',
      getToken: () => 't',
      fetch: (async () => next) as never,
      onSessionEnded: ended,
    });
    await expect(api.accountSessions.list()).rejects.toThrow();
    expect(ended).not.toHaveBeenCalled();
    next = answer(401, SESSION_ENDED_MESSAGE);
    await expect(api.accountSessions.list()).rejects.toThrow();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  describe('over a real socket', () => {
    const http = createServer();
    const io = new Server(http, { path: SOCKET_PATH, transports: ['websocket'] });
    const reasons: SessionEndedPayload['reason'][] = ['signout', 'ended'];
    io.on('connection', (socket) => {
      const reason = reasons.shift()!;
      socket.emit(serverEvents.sessionEnded, { reason } satisfies SessionEndedPayload);
      socket.disconnect(true);
    });
    afterAll(async () => {
      await io.close();
    });

    it("publishes it for the server's `session ended` that says `ended`, not for a sign-out", async () => {
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
      const bus = createBus();
      const told = vi.fn();
      bus.subscribe((message) => {
        if (message.event === 'session ended') told();
      });
      const load = () => import('socket.io-client').then((m) => m.io);
      for (const expected of [0, 1]) {
        const actor = createActor(
          socketLogic(
            bus,
            createConnection(url, load, () => bus.publish({ event: 'session ended' })),
          ),
        ).start();
        actor.send({ type: 'socket.start', token: 'token' });
        await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('disconnected'), { timeout: 10_000 });
        actor.stop();
        expect(told).toHaveBeenCalledTimes(expected);
      }
    });
  });
});
