import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SESSION_ENDED_MESSAGE } from '../../../src/api/account/sessions';
import { SESSION_FAILURE_LOGOUT_MS } from '../../../src/api/constants';
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

  it('says why at once and once, clears the session after the spec’s 1 s (the guard then goes to sign-in), and closes the socket', () => {
    vi.useFakeTimers();
    try {
      const { app, bus, session } = start();
      const socket = app.system.get('socket')!;
      expect(socket.getSnapshot().matches('active')).toBe(true);
      bus.publish({ event: 'session ended' });
      expect(toastsOf(app)).toEqual([SESSION_ENDED_MESSAGE]);
      // "After 1 second the stored session is cleared" (spec, sections 4 and 9): not a moment before.
      vi.advanceTimersByTime(SESSION_FAILURE_LOGOUT_MS - 1);
      expect(session.getSnapshot().value).toBe('signedIn');
      // The socket and a request may both say so: one message.
      bus.publish({ event: 'session ended' });
      vi.advanceTimersByTime(1);
      expect(session.getSnapshot().value).toBe('signedOut');
      expect(socket.getSnapshot().value).toBe('disconnected');
      expect(toastsOf(app)).toEqual([SESSION_ENDED_MESSAGE]);
      // Signed out: a late refusal says nothing more.
      bus.publish({ event: 'session ended' });
      vi.advanceTimersByTime(SESSION_FAILURE_LOGOUT_MS);
      expect(toastsOf(app)).toEqual([SESSION_ENDED_MESSAGE]);
      app.stop();
      expect(bus.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves alone a session signed out meanwhile (the guard’s failed check cleared it in the same second)', () => {
    vi.useFakeTimers();
    try {
      const { app, bus, session } = start();
      bus.publish({ event: 'session ended' });
      session.send({ type: 'session.clear' });
      expect(session.getSnapshot().value).toBe('signedOut');
      session.send({ type: 'session.login', token: 't2', user: alice });
      vi.advanceTimersByTime(SESSION_FAILURE_LOGOUT_MS);
      // The clear was for the session that ended; a member signed in again meanwhile is not signed out by it.
      expect(session.getSnapshot().value).toBe('signedIn');
      app.stop();
    } finally {
      vi.useRealTimers();
    }
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
