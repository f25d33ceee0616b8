import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduledDeletionsMachine, type ScheduledDeletionsContext } from '../../../src/machines/account/scheduledDeletions.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { SCHEDULED, scheduledDeletionsModel } from './scheduledDeletions.model';

const coverage = new TransitionCoverage(scheduledDeletionsMachine);

describe('scheduled deletions machine', () => {
  const paths = pathsOf(scheduledDeletionsModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(scheduledDeletionsMachine, path, {
      coverage,
      afterStep: (step, actor) => {
        const c = (actor.getSnapshot() as unknown as { context: ScheduledDeletionsContext }).context;
        const e = step.event as ModelEvent;
        if (e.type === 'xstate.done.actor.fetchScheduled') expect(c.deletions).toEqual([SCHEDULED]);
        if (e.type === 'xstate.error.actor.fetchScheduled') expect(c.error).toBe('Only administrators can do that');
      },
    });
  });

  afterAll(() => {
    console.log(coverage.summary('scheduledDeletions', stateCount(scheduledDeletionsMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
