import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastMachine } from '../../../src/machines/shell/toast.machine';
import { describePath, pathsOf, replay, stateCount, TransitionCoverage } from '../model';
import { toastInput, toastModel } from '../notifications/toast.model';

const coverage = new TransitionCoverage(toastMachine);

describe.each(toastModel.covers)('toast machine ($label)', ({ label, options: { input } }) => {
  const paths = pathsOf(toastModel, label);
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(toastMachine, path, {
      input,
      coverage,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as { status: string; output?: unknown };
        // A dismissed toast hands its id to the queue.
        if (step.state.status === 'done') expect(snapshot.output).toEqual({ id: 't-1' });
      },
    });
  });
});

describe('toast machine timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('waits without counting, counts only while visible and unpaused, restarts on resume', async () => {
    const { createActor } = await import('xstate');
    const actor = createActor(toastMachine, { input: toastInput(3000) }).start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'toast.activate', paused: false });
    await vi.advanceTimersByTimeAsync(2000);
    actor.send({ type: 'toast.pause' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(actor.getSnapshot().value).toEqual({ visible: 'paused' });
    actor.send({ type: 'toast.resume' });
    await vi.advanceTimersByTimeAsync(2999);
    expect(actor.getSnapshot().value).toEqual({ visible: 'counting' });
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().status).toBe('done');
  });
});

afterAll(() => {
  console.log(coverage.summary('toast', stateCount(toastMachine)));
  expect(coverage.missed).toEqual([]);
});
