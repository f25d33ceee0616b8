import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { serverEvents } from '../../../src/api/socket';
import { banWatchLogic } from '../../../src/effects/session/banWatch';
import { createBus, socketLogic } from '../../../src/effects/shell/socket';
import { appMachine } from '../../../src/machines/shell/app.machine';
import { alice } from '../../fixtures/auth';

const BAN = { reason: 'Spam', bannedAt: '2026-11-26T10:00:00.000Z' };

describe('a ban while a page is open', () => {
  function start(pathname: string) {
    const bus = createBus();
    const navigations: { to: string; replace?: boolean }[] = [];
    const logic = appMachine.provide({
      actors: {
        banWatch: banWatchLogic(
          bus,
          (to, options) => void navigations.push({ to, ...options }),
          () => ({ pathname }),
        ),
        socket: socketLogic(bus),
      },
    });
    const app = createActor(logic, { input: { storedTheme: null } }).start();
    const session = app.system.get('session')!;
    session.send({ type: 'session.login', token: 't', user: alice });
    return { app, bus, navigations, session };
  }

  it('moves the page to /checkpoint, marks the session banned and stops the socket', () => {
    const { app, bus, navigations, session } = start('/app/social/streams');
    const socket = app.system.get('socket')!;
    expect(socket.getSnapshot().matches('active')).toBe(true);
    // What the socket machine publishes for the server's `banned` event.
    socket.send({ type: 'socket.connected' });
    socket.send({ type: 'socket.message', event: serverEvents.banned, payload: BAN });
    expect(session.getSnapshot().value).toBe('banned');
    expect(session.getSnapshot().context.profile?.isBanned).toBe(true);
    expect(navigations).toEqual([{ to: '/checkpoint', replace: true }]);
    // The socket is closed: the app opens it only for a session in good standing.
    expect(socket.getSnapshot().value).toBe('disconnected');
    app.stop();
    expect(bus.size).toBe(0);
  });

  it('also follows a request refused as banned, and stays put on the checkpoint pages', () => {
    const { app, bus, navigations, session } = start('/issua');
    bus.publish({ event: 'account banned' });
    expect(session.getSnapshot().value).toBe('banned');
    expect(navigations).toEqual([]);
    app.stop();
  });
});
