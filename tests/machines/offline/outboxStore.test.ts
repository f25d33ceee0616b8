import { describe, expect, it, vi } from 'vitest';
import { createActor, sendTo, setup, type AnyEventObject } from 'xstate';
import { outboxStore, type OutboxBrowser } from '../../../src/effects/offline/outbox';
import type { OutboxItem } from '../../../src/machines/offline/outbox.types';
import { KEPT } from './outbox.model';

/** Web Locks as the browser grants them: one holder per name, the next waiter when it lets go. */
function lockManager(): Pick<LockManager, 'request'> {
  const queues = new Map<string, (() => void)[]>();
  const held = new Set<string>();
  const next = (name: string) => {
    const waiting = queues.get(name) ?? [];
    const grant = waiting.shift();
    if (grant) grant();
  };
  return {
    request: ((name: string, options: LockOptions, callback: () => Promise<void>) =>
      new Promise<void>((resolve, reject) => {
        const grant = () => {
          held.add(name);
          void callback().then(() => {
            held.delete(name);
            resolve();
            next(name);
          });
        };
        options.signal?.addEventListener('abort', () => {
          const waiting = queues.get(name) ?? [];
          if (waiting.includes(grant)) {
            waiting.splice(waiting.indexOf(grant), 1);
            reject(new Error('aborted'));
          }
        });
        if (held.has(name)) queues.set(name, [...(queues.get(name) ?? []), grant]);
        else grant();
      })) as never,
  };
}

/** One member's database as idb shows it: a map of items by client id. */
function database(items: OutboxItem[]) {
  const rows = new Map(items.map((i) => [i.clientId, i]));
  return {
    rows,
    getAllFromIndex: async () => [...rows.values()].sort((a, b) => a.order - b.order),
    put: async (_store: string, item: OutboxItem) => void rows.set(item.clientId, item),
    transaction: () => ({
      store: { get: async (clientId: string) => rows.get(clientId), delete: async (clientId: string) => void rows.delete(clientId) },
      done: Promise.resolve(),
    }),
    close: () => {},
  };
}

/** A tab: a machine that runs the store, forwards `store.*` commands to it and records what it says. */
function tab(env: () => OutboxBrowser) {
  const events: AnyEventObject[] = [];
  const machine = setup({ actors: { store: outboxStore(env) } }).createMachine({
    invoke: { id: 'store', src: 'store', input: { userId: 'u1' } },
    on: {
      '*': [
        { guard: ({ event }) => event.type.startsWith('store.'), actions: sendTo('store', ({ event }) => event as never) },
        { actions: ({ event }) => void events.push(event) },
      ],
    },
  });
  return { events, store: createActor(machine).start() };
}

describe('outbox store', () => {
  it('reads the kept items, makes one tab the sender, and tells the other tab each change', async () => {
    const db = database([KEPT]);
    const locks = lockManager();
    const env = (): OutboxBrowser => ({ locks, channel: (name) => new BroadcastChannel(name), open: async () => db as never });
    const first = tab(env);
    const second = tab(env);
    await vi.waitFor(() => {
      expect(first.events).toContainEqual({ type: 'outbox.loaded', items: [KEPT] });
      expect(second.events).toContainEqual({ type: 'outbox.loaded', items: [KEPT] });
    });
    // One sender.
    expect(first.events.filter((e) => e.type === 'outbox.lead')).toHaveLength(1);
    expect(second.events.filter((e) => e.type === 'outbox.lead')).toHaveLength(0);

    // A change written by one tab is kept and reaches the other.
    const sending: OutboxItem = { ...KEPT, state: 'sending' };
    first.store.send({ type: 'store.put', item: sending });
    await vi.waitFor(() => expect(second.events).toContainEqual({ type: 'outbox.changed', change: { put: sending } }));
    expect(db.rows.get(KEPT.clientId)?.state).toBe('sending');
    // A removal names the order it took away: a newer wish kept under the same id in between stays.
    const newer: OutboxItem = { ...KEPT, order: KEPT.order + 1, state: 'waiting' };
    first.store.send({ type: 'store.put', item: newer });
    await vi.waitFor(() => expect(second.events).toContainEqual({ type: 'outbox.changed', change: { put: newer } }));
    second.store.send({ type: 'store.remove', clientId: KEPT.clientId, order: KEPT.order });
    await vi.waitFor(() =>
      expect(first.events).toContainEqual({ type: 'outbox.changed', change: { remove: KEPT.clientId, order: KEPT.order } }),
    );
    expect(db.rows.get(KEPT.clientId)).toEqual(newer);
    second.store.send({ type: 'store.remove', clientId: KEPT.clientId, order: newer.order });
    await vi.waitFor(() =>
      expect(first.events).toContainEqual({ type: 'outbox.changed', change: { remove: KEPT.clientId, order: newer.order } }),
    );
    expect(db.rows.size).toBe(0);

    // The sending tab closes: the other one takes over.
    first.store.stop();
    await vi.waitFor(() => expect(second.events.filter((e) => e.type === 'outbox.lead')).toHaveLength(1));
    second.store.stop();
  });
});
