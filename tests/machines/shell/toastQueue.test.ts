import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { TOAST_TIMEOUT_MS } from '../../../src/api/constants';
import type { Notification } from '../../../src/machines/notifications/notifications.machine';
import { toastQueueMachine, toastTimeout, type ToastQueueContext } from '../../../src/machines/shell/toastQueue.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { toastQueueModel } from './toastQueue.model';

describe('toast queue machine', () => {
  const paths = pathsOf(toastQueueModel, 'all transitions');
  const coverage = new TransitionCoverage(toastQueueMachine);
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const recorded: Notification[] = [];
    await replay(toastQueueMachine, path, {
      coverage,
      provide: { actions: { record: (_: unknown, params: { notification: Notification }) => void recorded.push(params.notification) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot();
        const { toasts } = snapshot.context as ToastQueueContext;
        // Idle exactly when nothing is on screen; one actor per toast, none left behind.
        expect(snapshot.matches('idle')).toBe(toasts.length === 0);
        expect(Object.keys(snapshot.children).sort()).toEqual(toasts.map((t) => t.notification.id).sort());
        // A description is on screen at most once.
        expect(new Set(toasts.map((t) => t.notification.description)).size).toBe(toasts.length);
        // Every toast shown was recorded once, in order, as the notifications list expects.
        const shown = (snapshot.context as ToastQueueContext).seq;
        expect(recorded.map((n) => n.id)).toEqual(Array.from({ length: shown }, (_, i) => `t-${i + 1}`));
        void step;
      },
    });
  });

  afterAll(() => {
    console.log(coverage.summary('toastQueue', stateCount(toastQueueMachine)));
    expect(coverage.missed).toEqual([]);
  });
});

describe('toast queue with real toast actors', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  const start = () => createActor(toastQueueMachine).start();
  const onScreen = (actor: ReturnType<typeof start>) => actor.getSnapshot().context.toasts.map((t) => t.notification.description);

  it('stacks toasts and removes them one at a time, each after its own 3000 ms', async () => {
    const actor = start();
    actor.send({ type: 'toasts.show', toast: { description: 'One', type: 'success' } });
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'toasts.show', toast: { description: 'Two', type: 'info' } });
    expect(onScreen(actor)).toEqual(['One', 'Two']);
    await vi.advanceTimersByTimeAsync(TOAST_TIMEOUT_MS - 1000 - 1);
    expect(onScreen(actor)).toEqual(['One', 'Two']);
    await vi.advanceTimersByTimeAsync(1);
    expect(onScreen(actor)).toEqual(['Two']);
    // The second one gets its full time once it is at the front.
    await vi.advanceTimersByTimeAsync(TOAST_TIMEOUT_MS - 1);
    expect(onScreen(actor)).toEqual(['Two']);
    await vi.advanceTimersByTimeAsync(1);
    expect(onScreen(actor)).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().children).toEqual({});
  });

  it('honours a custom timeout, pauses while hovered and dismisses on request', async () => {
    const actor = start();
    actor.send({ type: 'toasts.show', toast: { description: 'Slow', type: 'warning', timeoutMs: 6000 } });
    actor.send({ type: 'toasts.show', toast: { description: 'Next', type: 'error' } });
    await vi.advanceTimersByTimeAsync(5999);
    expect(onScreen(actor)).toEqual(['Slow', 'Next']);
    actor.send({ type: 'toasts.pause' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onScreen(actor)).toEqual(['Slow', 'Next']);
    actor.send({ type: 'toasts.dismiss', id: 't-1' });
    expect(onScreen(actor)).toEqual(['Next']);
    // Still hovered: the new front waits.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onScreen(actor)).toEqual(['Next']);
    actor.send({ type: 'toasts.resume' });
    await vi.advanceTimersByTimeAsync(TOAST_TIMEOUT_MS);
    expect(onScreen(actor)).toEqual([]);
  });

  it('ignores a toast already on screen and clears everything at once', async () => {
    const actor = start();
    actor.send({ type: 'toasts.show', toast: { description: 'Same', type: 'error' } });
    actor.send({ type: 'toasts.show', toast: { description: 'Same', type: 'error' } });
    actor.send({ type: 'toasts.show', toast: { description: 'Other', type: 'error' } });
    expect(onScreen(actor)).toEqual(['Same', 'Other']);
    actor.send({ type: 'toasts.clear' });
    expect(onScreen(actor)).toEqual([]);
    expect(actor.getSnapshot().children).toEqual({});
    await vi.advanceTimersByTimeAsync(10_000);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('keeps timeouts sane', () => {
    expect(toastTimeout(undefined)).toBe(3000);
    expect(toastTimeout(0)).toBe(3000);
    expect(toastTimeout(Number.POSITIVE_INFINITY)).toBe(3000);
    expect(toastTimeout(10)).toBe(1000);
    expect(toastTimeout(5000)).toBe(5000);
    expect(toastTimeout(10 ** 9)).toBe(120_000);
  });
});
