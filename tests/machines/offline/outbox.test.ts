import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, type AnyActorRef } from 'xstate';
import {
  outboxMachine,
  outboxRetryDelay,
  refusedForGood,
  type OutboxContext,
  type OutboxStoreCommand,
} from '../../../src/machines/offline/outbox.machine';
import { outboxItemText, outboxMessagesFor, outboxPosts, OUTBOX_WAITING_TEXT } from '../../../src/machines/offline/outbox.connect';
import type { OutboxItem } from '../../../src/machines/offline/outbox.types';
import { noAnswer, refused } from '../../fixtures/streams';
import { describePath, pathsOf, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { HALF_SENT, KEPT, outboxModel, REMOTE, serialize, TOO_LONG } from './outbox.model';

const coverage = new TransitionCoverage(outboxMachine);

describe.each(outboxModel.covers)('outbox machine ($label)', ({ label }) => {
  const paths = pathsOf(outboxModel, label);
  beforeEach(() => void vi.useFakeTimers());

  it('walks a bounded graph', () => {
    console.log(`outbox (${label}): ${paths.length} cover paths`);
    expect(paths.length).toBeGreaterThan(5);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    // What this tab's store holds: its own writes, what it read, and what other tabs wrote.
    const kept = new Map<string, OutboxItem>();
    const commands: OutboxStoreCommand[] = [];
    /** Written during the step being checked (after what was read). */
    const written = new Set<string>();
    const sent: unknown[] = [];
    let listening: AnyActorRef | null = null;
    await replay(outboxMachine, path, {
      input: { online: true },
      coverage,
      serialize: serialize as never,
      provide: {
        actors: {
          store: fromCallback<OutboxStoreCommand>(({ receive }) => {
            receive((command) => {
              commands.push(command);
              written.add(command.type === 'store.put' ? command.item.clientId : command.clientId);
              if (command.type === 'store.put') kept.set(command.item.clientId, command.item);
              else kept.delete(command.clientId);
            });
          }),
        },
      },
      afterStep: (step, actor) => {
        if (listening !== actor) {
          listening = actor;
          actor.on('outbox.sent', (e) => void sent.push(e));
        }
        const snapshot = actor.getSnapshot() as unknown as {
          context: OutboxContext;
          matches(v: unknown): boolean;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        const before = step === path.steps[1] ? null : (path.steps[path.steps.indexOf(step) - 1].state.context as OutboxContext);
        if (e.type === 'outbox.loaded')
          for (const i of e.items as OutboxItem[])
            if (!before?.items.some((b) => b.clientId === i.clientId) && !written.has(i.clientId)) kept.set(i.clientId, i);
        if (e.type === 'outbox.changed') {
          const change = e.change as { put: OutboxItem } | { remove: string };
          if ('put' in change) {
            if (!written.has(change.put.clientId)) kept.set(change.put.clientId, change.put);
          } else kept.delete(change.remove);
        }
        // In the order written, and what is kept is what is shown (once the outbox is open).
        written.clear();
        const orders = c.items.map((i) => i.order);
        expect([...orders].sort((a, b) => a - b)).toEqual(orders);
        if (c.userId !== null)
          expect([...kept.values()].sort((a, b) => a.order - b.order).map((i) => `${i.clientId}:${i.state}:${i.error}`)).toEqual(
            c.items.map((i) => `${i.clientId}:${i.state}:${i.error}`),
          );
        else {
          expect(c.items).toEqual([]);
          kept.clear();
        }
        // One at a time, only by the tab holding the lock, only online, the first waiting in order.
        const sending = c.items.filter((i) => i.state === 'sending');
        const inSending = snapshot.matches({ open: { ready: 'sending' } });
        if (inSending) {
          // (Another tab may have deleted the item meanwhile: its answer still settles it.)
          expect(c.leader && sending.length <= 1).toBe(true);
          expect(snapshot.children.send?.getSnapshot().input).toEqual({ item: c.current });
          if (sending.length) expect(c.current?.clientId).toBe(sending[0]!.clientId);
        } else if (c.leader) expect(sending).toEqual([]);
        if (snapshot.matches({ open: { ready: 'idle' } }))
          expect(c.leader && c.online && c.items.some((i) => i.state === 'waiting')).toBe(false);
        if (e.type === 'xstate.done.actor.send') {
          const gone = before!.current!;
          expect(c.items.map((i) => i.clientId)).not.toContain(gone.clientId);
          expect(sent.at(-1)).toEqual({ type: 'outbox.sent', item: gone, result: { _id: 'stored' } });
          expect(commands).toContainEqual({ type: 'store.remove', clientId: gone.clientId, order: gone.order });
          expect(c.attempts).toBe(0);
        }
        if (e.type === 'xstate.error.actor.send') {
          const it = c.items.find((i) => i.clientId === before!.current!.clientId);
          // Deleted by another tab while it was out: nothing comes back.
          if (!it) expect(before!.items.some((i) => i.clientId === before!.current!.clientId)).toBe(false);
          else if ((e.error as { statusCode?: number }).statusCode === 400) {
            // Refused: kept with the server's reason, never sent again by itself.
            expect([it.state, it.error, outboxItemText(it)]).toEqual(['failed', TOO_LONG, TOO_LONG]);
            expect(c.attempts).toBe(before!.attempts);
          } else {
            expect([it.state, snapshot.matches({ open: { ready: 'backoff' } }), c.attempts]).toEqual([
              'waiting',
              true,
              before!.attempts + 1,
            ]);
            expect(outboxItemText(it)).toBe(OUTBOX_WAITING_TEXT);
          }
        }
        if (e.type === 'outbox.lead')
          expect(c.items.some((i) => i.clientId === HALF_SENT.clientId && i.state === 'sending' && !inSending)).toBe(false);
        if (e.type === 'outbox.retry' && before!.items.find((i) => i.clientId === 'a1')?.state === 'failed')
          expect(kept.get('a1')?.state ?? 'sending').not.toBe('failed');
        if (e.type === 'outbox.delete' && before!.items.find((i) => i.clientId === e.clientId)?.state === 'sending')
          expect(c.items.some((i) => i.clientId === e.clientId)).toBe(true);
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('outbox', stateCount(outboxMachine)));
  expect(coverage.missed).toEqual([]);
});

describe('outbox rules', () => {
  it('sends again after a growing pause, up to a ceiling', () => {
    expect([1, 2, 3, 4, 5, 9].map(outboxRetryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000]);
  });

  it('gives up only on what the server refused for good', () => {
    expect(refusedForGood(refused('Post must not be empty', 400))).toBe(true);
    expect(refusedForGood(refused('This post was sent before and is no longer available', 410))).toBe(true);
    expect(refusedForGood(refused('Too many requests', 429))).toBe(false);
    expect(refusedForGood(refused('Timeout', 408))).toBe(false);
    expect(refusedForGood(refused('Bad gateway', 502))).toBe(false);
    expect(refusedForGood(noAnswer())).toBe(false);
  });

  it('shows a conversation its own messages in order, and posts newest first', () => {
    const snapshot = { context: { items: [KEPT, HALF_SENT, REMOTE] } } as never;
    expect(outboxMessagesFor(snapshot, 'u2', false).map((i) => i.clientId)).toEqual(['k2', 'r1']);
    expect(outboxMessagesFor(snapshot, 'u2', true)).toEqual([]);
    expect(outboxPosts(snapshot).map((i) => i.clientId)).toEqual(['k1']);
  });
});
