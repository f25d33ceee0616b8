import { produce } from 'immer';
import { assertEvent, assign, emit, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { failureStatus, failureText } from '../shared/failure';
import { requiredCallback, requiredPromise } from '../shared/required';
import type { OutboxChange, OutboxEntry, OutboxItem } from './outbox.types';

export type OutboxEvent =
  /** The session signed a member in (their outbox opens) or out (it closes). */
  | { type: 'outbox.start'; userId: string }
  | { type: 'outbox.stop' }
  /** The member's kept items, read from IndexedDB when the outbox opens. */
  | { type: 'outbox.loaded'; items: OutboxItem[] }
  /** This tab holds the member's sender lock: it is the one tab that sends. */
  | { type: 'outbox.lead' }
  /** The connectivity machine's word: online, or not (offline, or the socket reconnecting). */
  | { type: 'outbox.connectivity'; online: boolean }
  /** A screen's send found no server: it waits here. `at`: when it was written (ms). */
  | { type: 'outbox.add'; entry: OutboxEntry; at: number }
  /** "Try again" / "Delete" on an item. */
  | { type: 'outbox.retry'; clientId: string }
  | { type: 'outbox.delete'; clientId: string }
  /** Another tab of the member changed the outbox. */
  | { type: 'outbox.changed'; change: OutboxChange };

/** What the machine asks of its store (IndexedDB, told to the other tabs). */
export type OutboxStoreCommand = { type: 'store.put'; item: OutboxItem } | { type: 'store.remove'; clientId: string; order?: number };

/** Emitted when an item was stored by the server: the screens put the real item in its place. */
export type OutboxEmitted = { type: 'outbox.sent'; item: OutboxItem; result: unknown };

export interface OutboxContext {
  userId: string | null;
  /** In the order written. */
  items: OutboxItem[];
  /** This tab is the sender. */
  leader: boolean;
  online: boolean;
  /** Sends in a row that found no server: the next pause grows with it. */
  attempts: number;
  /** The item being sent, as it went (it may be deleted by another tab meanwhile). */
  current: OutboxItem | null;
}

export interface OutboxInput {
  online: boolean;
}

/** The pauses before sending again after no answer (or a 5xx), growing to the last. */
export const OUTBOX_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;
export const outboxRetryDelay = (attempts: number) =>
  OUTBOX_RETRY_DELAYS_MS[Math.min(Math.max(attempts - 1, 0), OUTBOX_RETRY_DELAYS_MS.length - 1)];

/** What the server said no to, for good: a 4xx other than 408 (timeout) and 429 (too many requests), which pass. */
export function refusedForGood(error: unknown): boolean {
  const status = failureStatus(error);
  return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export const SEND_REFUSED = 'The server refused this.';

const byOrder = (a: OutboxItem, b: OutboxItem) => a.order - b.order;
/** What a removal names: the item and its order (see OutboxChange). */
const removal = (context: OutboxContext, clientId: string) => ({ clientId, order: itemOf(context, clientId)?.order ?? 0 });
/** Whether a removal told by another tab takes this tab's item (a removal without an order takes any). */
export const removes = (change: { remove: string; order?: number }, item: OutboxItem) =>
  item.clientId === change.remove && (change.order === undefined || change.order === item.order);
const nextWaiting = (context: OutboxContext) => context.items.find((item) => item.state === 'waiting');
const itemOf = (context: OutboxContext, clientId: string) => context.items.find((item) => item.clientId === clientId);
/** The item being sent: `sending` is entered only with one waiting, and keeps it. */
const currentOf = (context: OutboxContext) => {
  if (!context.current) throw new Error('outbox: no item is being sent');
  return context.current;
};

/**
 * An item that states an end wanted (a reaction) is replaced by a newer one with its client id;
 * any other item handed over twice is the same send, kept once.
 */
const REPLACEABLE: ReadonlySet<OutboxItem['kind']> = new Set(['reaction']);
/** The order of an added item: when written, and after the one it replaces (so the two never share it). */
const orderOf = (context: OutboxContext, clientId: string, at: number) => {
  const replaced = itemOf(context, clientId);
  return replaced ? Math.max(at, replaced.order + 1) : at;
};
/** The item being sent was replaced meanwhile by a newer wish (same client id, a later order): that one stays. */
const replacedWhileSending = (context: OutboxContext) => {
  const current = currentOf(context);
  const kept = itemOf(context, current.clientId);
  return kept !== undefined && kept.order !== current.order;
};

const withItem = (context: OutboxContext, item: OutboxItem) =>
  [...context.items.filter((i) => i.clientId !== item.clientId), item].sort(byOrder);
const setState = (context: OutboxContext, clientId: string, state: OutboxItem['state'], error: string | null = null) =>
  produce(context.items, (draft) => {
    const item = draft.find((i) => i.clientId === clientId);
    if (item) Object.assign(item, { state, error });
  });

/**
 * The outbox (app child, systemId 'outbox'; docs/client-offline.md, "Outbox"): the sends that
 * found no server, kept per member in IndexedDB (the `store` effect), sent one at a time in the
 * order written while connectivity is online, by one tab of the member only (the one holding the
 * sender lock: `outbox.lead`). An item stays `waiting` through a network failure or a 5xx and goes
 * again after a growing pause (`RETRY`); a 4xx marks it `failed` with the server's message and it
 * waits for the member's Try again or Delete. Every change is written through the store, which
 * tells the member's other tabs (`outbox.changed`), so each shows the same items.
 */
export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
    input: {} as OutboxInput,
    emitted: {} as OutboxEmitted,
  },
  actors: {
    /** Effect: the member's IndexedDB database, the sender lock and the other tabs' changes. */
    store: requiredCallback<OutboxStoreCommand, { userId: string }>(),
    /** Effect: sends one item with its client id; answers the stored item. */
    send: requiredPromise<unknown, { item: OutboxItem }>('send'),
  },
  actions: {
    /** Writes the item as it now is (if it is still there). */
    put: enqueueActions(({ context, enqueue }, clientId: string) => {
      const item = itemOf(context, clientId);
      if (item) enqueue.sendTo('store', { type: 'store.put', item } satisfies OutboxStoreCommand);
    }),
    /** Takes the item away from the store and the other tabs, unless a newer wish (another order) replaced it there. */
    remove: enqueueActions(({ enqueue }, { clientId, order }: { clientId: string; order: number }) => {
      enqueue.sendTo('store', { type: 'store.remove', clientId, order } satisfies OutboxStoreCommand);
    }),
    drop: assign({
      items: ({ context, event }) => {
        assertEvent(event, 'outbox.delete');
        return context.items.filter((item) => item.clientId !== event.clientId);
      },
    }),
  },
  guards: {
    canSend: ({ context }) => context.leader && context.online && nextWaiting(context) !== undefined,
    isFailed: ({ context, event }) => {
      assertEvent(event, ['outbox.retry', 'outbox.delete']);
      return itemOf(context, event.clientId)?.state === 'failed';
    },
    isWaiting: ({ context, event }) => {
      assertEvent(event, 'outbox.delete');
      return itemOf(context, event.clientId)?.state === 'waiting';
    },
    takes: ({ context, event }) => {
      assertEvent(event, 'outbox.add');
      return itemOf(context, event.entry.clientId) === undefined || REPLACEABLE.has(event.entry.kind);
    },
    notLeader: ({ context }) => !context.leader,
    refused: ({ event }) => refusedForGood((event as { error?: unknown }).error),
  },
  delays: {
    RETRY: ({ context }) => outboxRetryDelay(context.attempts),
  },
}).createMachine({
  id: 'outbox',
  context: ({ input }) => ({ userId: null, items: [], leader: false, online: input.online, attempts: 0, current: null }),
  initial: 'signedOut',
  on: {
    'outbox.connectivity': { actions: assign({ online: ({ event }) => event.online }) },
  },
  states: {
    /** Nobody is signed in: no outbox is open. */
    signedOut: {
      on: { 'outbox.start': { target: 'open', actions: assign({ userId: ({ event }) => event.userId }) } },
    },
    /** The member's outbox. */
    open: {
      invoke: { id: 'store', src: 'store', input: ({ context }) => ({ userId: context.userId ?? '' }) },
      on: {
        'outbox.stop': { target: 'signedOut', actions: assign({ userId: null, items: [], leader: false, attempts: 0, current: null }) },
        // A new item, or a newer wish replacing the one kept (even while that one is being sent: this one goes after it).
        'outbox.add': {
          guard: 'takes',
          actions: [
            assign({
              items: ({ context, event }) =>
                withItem(context, {
                  ...event.entry,
                  order: orderOf(context, event.entry.clientId, event.at),
                  state: 'waiting',
                  error: null,
                }),
            }),
            { type: 'put', params: ({ event }) => event.entry.clientId },
          ],
        },
        'outbox.retry': {
          guard: 'isFailed',
          actions: [
            assign({ items: ({ context, event }) => setState(context, event.clientId, 'waiting') }),
            { type: 'put', params: ({ event }) => event.clientId },
          ],
        },
        // A failed item, or one still waiting (not the one being sent: its answer decides).
        'outbox.delete': [
          { guard: 'isFailed', actions: [{ type: 'remove', params: ({ context, event }) => removal(context, event.clientId) }, 'drop'] },
          { guard: 'isWaiting', actions: [{ type: 'remove', params: ({ context, event }) => removal(context, event.clientId) }, 'drop'] },
        ],
        'outbox.changed': {
          actions: assign({
            items: ({ context, event }) =>
              'put' in event.change
                ? withItem(context, event.change.put)
                : context.items.filter((item) => !removes(event.change as { remove: string; order?: number }, item)),
          }),
        },
        // The tab that was sending is gone: what it was sending goes again (its client id makes that safe).
        'outbox.lead': {
          guard: 'notLeader',
          actions: enqueueActions(({ context, enqueue }) => {
            const orphans = context.items.filter((item) => item.state === 'sending').map((item) => item.clientId);
            enqueue.assign({
              leader: true,
              items: context.items.map((item) => (item.state === 'sending' ? { ...item, state: 'waiting' as const } : item)),
            });
            for (const clientId of orphans) enqueue({ type: 'put', params: clientId });
          }),
        },
      },
      initial: 'loading',
      states: {
        loading: {
          on: {
            'outbox.loaded': {
              target: 'ready',
              // Items added meanwhile (this tab or another) stay; the kept ones join them in order.
              // If this tab already sends, a kept item marked sending was a closed tab's: it goes again.
              actions: enqueueActions(({ context, event, enqueue }) => {
                assertEvent(event, 'outbox.loaded');
                const known = new Set(context.items.map((i) => i.clientId));
                const kept = event.items.filter((i) => !known.has(i.clientId));
                const orphans = context.leader ? kept.filter((i) => i.state === 'sending').map((i) => i.clientId) : [];
                enqueue.assign({
                  items: [
                    ...context.items,
                    ...kept.map((i) => (orphans.includes(i.clientId) ? { ...i, state: 'waiting' as const } : i)),
                  ].sort(byOrder),
                });
                for (const clientId of orphans) enqueue({ type: 'put', params: clientId });
              }),
            },
          },
        },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'canSend', target: 'sending' },
            },
            sending: {
              entry: [
                assign(({ context }) => {
                  const next = { ...nextWaiting(context)!, state: 'sending' as const };
                  return { current: next, items: withItem(context, next) };
                }),
                { type: 'put', params: ({ context }) => currentOf(context).clientId },
              ],
              invoke: {
                id: 'send',
                src: 'send',
                input: ({ context }) => ({ item: currentOf(context) }),
                onDone: {
                  target: 'idle',
                  actions: [
                    emit(({ context, event }) => ({ type: 'outbox.sent' as const, item: currentOf(context), result: event.output })),
                    // A newer wish that replaced it meanwhile is kept, to be sent next.
                    enqueueActions(({ context, enqueue }) => {
                      const { clientId, order } = currentOf(context);
                      if (!replacedWhileSending(context)) {
                        enqueue({ type: 'remove', params: { clientId, order } });
                        enqueue.assign({ items: context.items.filter((i) => i.clientId !== clientId) });
                      }
                      enqueue.assign({ attempts: 0, current: null });
                    }),
                  ],
                },
                onError: [
                  {
                    guard: 'refused',
                    target: 'idle',
                    actions: [
                      // A newer wish that replaced it meanwhile is not refused: it goes next.
                      enqueueActions(({ context, event, enqueue }) => {
                        const { clientId } = currentOf(context);
                        if (!replacedWhileSending(context)) {
                          enqueue.assign({ items: setState(context, clientId, 'failed', failureText(event.error, SEND_REFUSED)) });
                          enqueue({ type: 'put', params: clientId });
                        }
                        enqueue.assign({ current: null });
                      }),
                    ],
                  },
                  {
                    target: 'backoff',
                    actions: [
                      assign({
                        attempts: ({ context }) => context.attempts + 1,
                        items: ({ context }) => setState(context, currentOf(context).clientId, 'waiting'),
                      }),
                      { type: 'put', params: ({ context }) => currentOf(context).clientId },
                      assign({ current: null }),
                    ],
                  },
                ],
              },
            },
            /** No answer (or a 5xx): the item waits its turn again after a pause. */
            backoff: {
              after: { RETRY: 'idle' },
            },
          },
        },
      },
    },
  },
});

export type OutboxActorRef = ActorRefFrom<typeof outboxMachine>;
export type OutboxSnapshot = SnapshotFrom<typeof outboxMachine>;
