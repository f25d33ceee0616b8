import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { COPY_FEEDBACK_MS, copyButtonMachine } from '../../../src/machines/shell/copyButton.machine';
import { describePath, pathsOf, replay, stateCount, TransitionCoverage } from '../model';
import { copyButtonModel } from './copyButton.model';

const coverage = new TransitionCoverage(copyButtonMachine);

describe('copy button machine', () => {
  const paths = pathsOf(copyButtonModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(copyButtonMachine, path, {
      coverage,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as { context: { text: string } };
        // The text pressed is the text copied.
        if (step.event.type === 'copy.press') expect(snapshot.context.text).toBe('print(1)');
      },
    });
  });

  it('shows "Copied" for its delay with the text written, then reads "Copy" again; a refused write shows the failure as long', async () => {
    const written: string[] = [];
    let allow = true;
    const actor = createActor(
      copyButtonMachine.provide({
        actors: { writeClipboard: fromPromise<boolean, string>(async ({ input }) => (allow ? (written.push(input), true) : false)) },
      }),
    ).start();
    actor.send({ type: 'copy.press', text: 'const x = 1;' });
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toEqual(['const x = 1;']);
    expect(actor.getSnapshot().value).toBe('copied');
    await vi.advanceTimersByTimeAsync(COPY_FEEDBACK_MS - 1);
    expect(actor.getSnapshot().value).toBe('copied');
    // Pressing again restarts the feedback.
    actor.send({ type: 'copy.press', text: 'const y = 2;' });
    await vi.advanceTimersByTimeAsync(COPY_FEEDBACK_MS - 1);
    expect(actor.getSnapshot().value).toBe('copied');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(written).toEqual(['const x = 1;', 'const y = 2;']);
    allow = false;
    actor.send({ type: 'copy.press', text: 'z' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
    await vi.advanceTimersByTimeAsync(COPY_FEEDBACK_MS);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.stop();
  });

  afterAll(() => {
    console.log(coverage.summary('copyButton', stateCount(copyButtonMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
