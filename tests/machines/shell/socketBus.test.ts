import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { serverEvents } from '../../../src/api/socket';
import { createBus, socketLogic, type BusMessage } from '../../../src/effects/shell/socket';
import type { ConnectionCommand, SocketEvent } from '../../../src/machines/shell/socket.machine';

/** The socket's real publish effect: server events onto the bus, relation changes as the lists' own messages. */
describe('socket effects', () => {
  const run = (...messages: SocketEvent[]) => {
    const bus = createBus();
    const got: BusMessage[] = [];
    bus.subscribe((message) => got.push(message));
    const connection = fromCallback<ConnectionCommand, { token: string }>(({ sendBack }) => {
      sendBack({ type: 'socket.connected' });
      for (const message of messages) sendBack(message);
      return () => undefined;
    });
    const actor = createActor(socketLogic(bus, connection)).start();
    actor.send({ type: 'socket.start', token: 'token' });
    actor.stop();
    // Connecting (the first time too) tells the screens to fetch what they may have missed.
    expect(got[0]).toEqual({ event: 'reconnected' });
    return got.slice(1);
  };

  it('turns a block from another tab or member into following off and blocked', () => {
    const payload = { userId: 'u2', following: false, blocked: true };
    expect(run({ type: 'socket.message', event: serverEvents.relationChanged, payload })).toEqual([
      { event: serverEvents.relationChanged, payload },
      { event: 'following', userId: 'u2', following: false },
      { event: 'blocked', userId: 'u2' },
    ]);
  });

  it('turns a follow into following on, and an unblock into nothing for the lists', () => {
    expect(
      run({ type: 'socket.message', event: serverEvents.relationChanged, payload: { userId: 'u3', following: true } }).slice(1),
    ).toEqual([{ event: 'following', userId: 'u3', following: true }]);
    expect(
      run({ type: 'socket.message', event: serverEvents.relationChanged, payload: { userId: 'u3', blocked: false } }).slice(1),
    ).toEqual([]);
  });

  it('passes other server events through unchanged', () => {
    const payload = { postId: 'p1' };
    expect(run({ type: 'socket.message', event: serverEvents.postDeleted, payload })).toEqual([
      { event: serverEvents.postDeleted, payload },
    ]);
  });
});
