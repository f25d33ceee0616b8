import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { queuedBehindOutbox, rejectIfQueuedBehind } from '../../../src/effects/offline/queuedBehind';
import { goesToOutbox, QueuedBehind } from '../../../src/machines/offline/outbox.handoff';
import { outboxMachine } from '../../../src/machines/offline/outbox.machine';
import type { OutboxEntry, OutboxItem } from '../../../src/machines/offline/outbox.types';
import { message, post } from './outbox.model';

/** The app's outbox (system id 'outbox'), offline, holding the member u1's kept items. */
function appWithOutbox(kept: OutboxItem[]) {
  const outbox = createActor(
    outboxMachine.provide({
      actors: {
        store: fromCallback(({ sendBack }) => {
          sendBack({ type: 'outbox.loaded', items: kept });
          return () => {};
        }),
        send: fromPromise<unknown, { item: OutboxItem }>(async () => undefined),
      },
    }),
    { systemId: 'outbox', input: { online: false } },
  ).start();
  outbox.send({ type: 'outbox.start', userId: 'u1' });
  return outbox;
}
const kept = (entry: OutboxEntry, order: number, state: OutboxItem['state']): OutboxItem => ({
  ...entry,
  order,
  state,
  error: state === 'failed' ? 'Post must not exceed 5000 characters' : null,
});

describe('a new send behind the outbox (queuedBehindOutbox, rejectIfQueuedBehind)', () => {
  it('goes to the outbox while a send of the member’s waits there', () => {
    const app = appWithOutbox([kept(post('p1', 'first'), 1, 'failed'), kept(message('m1', 'hello'), 2, 'waiting')]);
    expect(queuedBehindOutbox(app)).toBe(true);
    let thrown: unknown;
    try {
      rejectIfQueuedBehind(app);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(QueuedBehind);
    expect(goesToOutbox(thrown)).toBe(true);
    app.stop();
  });

  it('is sent when the outbox holds only refused items, or nothing', () => {
    const refusedOnly = appWithOutbox([kept(post('p1', 'first'), 1, 'failed')]);
    expect(queuedBehindOutbox(refusedOnly)).toBe(false);
    expect(() => rejectIfQueuedBehind(refusedOnly)).not.toThrow();
    refusedOnly.stop();
    const empty = appWithOutbox([]);
    expect(queuedBehindOutbox(empty)).toBe(false);
    empty.stop();
  });

  it('is sent when the app has no outbox (signed out, a test without one)', () => {
    const app = { system: { get: () => undefined } };
    expect(queuedBehindOutbox(app)).toBe(false);
    expect(() => rejectIfQueuedBehind(app)).not.toThrow();
  });
});
