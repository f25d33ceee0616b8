import { beforeEach, describe, expect, it, vi } from 'vitest';
import { profileReportMachine, type ProfileReportContext } from '../../../../src/machines/people/profile/profileReport.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../../model';
import { reportSerialize as serialize } from './profileReportModel';
import { input, profileReportModel } from './profileReport.model';

const coverage = new TransitionCoverage(profileReportMachine);

describe('profileReport machine', () => {
  const paths = pathsOf(profileReportModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    await replay(profileReportMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      provide: { actions: { showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as { context: ProfileReportContext; status: string; matches(v: string): boolean };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        if (e.type === 'report.submit' && !snapshot.matches('sending')) {
          // The contract's messages, by field; nothing goes out.
          if (c.reason.trim() === '') expect(c.errors.reason).toBe('Reason is required');
          if (c.details.length > 1000) expect(c.errors.details).toBe('Details must not exceed 1000 characters');
        }
        if (e.type === 'report.reason') expect(c.errors.reason).toBeUndefined();
        if (e.type === 'report.details') expect(c.errors.details).toBeUndefined();
        if (e.type === 'xstate.error.actor.sendReport') {
          expect(c.error).toBe('You have already reported this member');
          expect(snapshot.matches('editing')).toBe(true);
        }
        if (e.type === 'xstate.done.actor.sendReport') {
          expect(snapshot.status).toBe('done');
          expect(toasts.at(-1)).toEqual({ type: 'success', description: 'Thank you. Your report about ben was sent to the moderators.' });
        }
      },
    });
  });

  it('covers every transition', () => {
    console.log(coverage.summary('profileReport', stateCount(profileReportMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
