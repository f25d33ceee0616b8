import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  actionFailed,
  adminActionMachine,
  isImmediate,
  reasonError,
  reasonMax,
  reasonRule,
  type AdminAction,
  type AdminActionContext,
  type AdminActionOutput,
} from '../../../src/machines/admin/adminAction.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { RESULT, adminActionModel, serialize } from './adminAction.model';

const coverage = new TransitionCoverage(adminActionMachine);

for (const { label, options } of adminActionModel.covers) {
  describe(`admin action machine: ${label}`, () => {
    const { input } = options;
    const { action } = input as { action: AdminAction };
    const paths = pathsOf(adminActionModel, label);
    beforeEach(() => void vi.useFakeTimers());

    it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
      await replay(adminActionMachine, path, {
        input,
        coverage,
        serialize: serialize as never,
        afterStep: (step, actor) => {
          const snapshot = actor.getSnapshot() as unknown as {
            context: AdminActionContext;
            status: string;
            output?: AdminActionOutput;
            matches(v: string): boolean;
            children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
          };
          const c = snapshot.context;
          const e = step.event as ModelEvent;
          const perform = snapshot.children.perform;
          // The request carries the trimmed reason where the action takes one, '' otherwise.
          if (perform)
            expect(perform.getSnapshot().input).toEqual({ action, reason: reasonRule(action) === 'none' ? '' : c.reason.trim() });
          if (e.type === 'action.confirm' && snapshot.matches('editing')) {
            expect(c.fieldError).toBe(reasonError(action, c.reason));
            expect(c.fieldError).not.toBeNull();
          }
          if (e.type === 'action.reason') expect(c.fieldError).toBeNull();
          if (e.type === 'xstate.error.actor.perform') {
            if (isImmediate(action))
              expect(snapshot.output).toEqual({ outcome: 'failed', action, message: 'An admin cannot ban another admin' });
            // The refusal stays in the dialog.
            else expect(snapshot.matches('editing') && c.error === 'An admin cannot ban another admin').toBe(true);
          }
          if (e.type === 'xstate.done.actor.perform') expect(snapshot.output).toEqual({ outcome: 'done', action, result: RESULT });
          if (e.type === 'action.cancel') expect(snapshot.output).toEqual({ outcome: 'cancelled', action });
        },
      });
    });
  });
}

describe('admin action machine coverage', () => {
  afterAll(() => {
    console.log(coverage.summary('adminAction', stateCount(adminActionMachine)));
    expect(coverage.missed).toEqual([]);
  });
  it('was replayed', () => expect(coverage.exercised.size).toBeGreaterThan(0));
});

describe('admin action rules', () => {
  const ban: AdminAction = { type: 'ban', userId: 'u2', username: 'ben' };
  const reject: AdminAction = { type: 'appealDecision', appealId: 'ap1', username: 'ben', status: 'rejected' };
  const approve: AdminAction = { ...reject, status: 'approved' };
  const hide: AdminAction = { type: 'hide', postId: 'p1', label: 'Buy cheap watches' };

  it('asks for a reason where the contract requires one, with its messages', () => {
    expect([ban, hide, reject, approve, { type: 'unhide', postId: 'p1', label: 'x' } as AdminAction].map(reasonRule)).toEqual([
      'required',
      'required',
      'required',
      'optional',
      'none',
    ]);
    expect(reasonError(ban, '  ')).toBe('Reason is required');
    expect(reasonError(ban, 'x'.repeat(501))).toBe('Reason must not exceed 500 characters');
    expect(reasonError(hide, '')).toBe('Reason is required');
    expect(reasonError(reject, ' ')).toBe('A reply is required to reject an appeal');
    expect(reasonError(reject, 'x'.repeat(1001))).toBe('Reply must not exceed 1000 characters');
    expect(reasonError(approve, '')).toBeNull();
    expect(reasonError(ban, 'Spam')).toBeNull();
    expect([reasonMax(ban), reasonMax(hide), reasonMax(reject)]).toEqual([500, 500, 1000]);
  });

  it('takes a report into review without a dialog, nothing else', () => {
    expect(isImmediate({ type: 'postReportStatus', postId: 'p1', label: 'x', status: 'reviewing' })).toBe(true);
    expect(isImmediate({ type: 'postReportStatus', postId: 'p1', label: 'x', status: 'dismissed' })).toBe(false);
    expect(isImmediate(ban)).toBe(false);
  });

  it('falls back to a message naming what failed', () => {
    expect(actionFailed(ban)).toBe('Could not ban ben. Please try again.');
    expect(actionFailed({ type: 'unban', userId: 'u2', username: 'ben' })).toBe('Could not unban ben. Please try again.');
    expect(actionFailed(hide)).toBe('Could not hide the post. Please try again.');
    expect(actionFailed({ type: 'unhide', postId: 'p1', label: 'x' })).toBe('Could not unhide the post. Please try again.');
    expect(actionFailed(reject)).toBe("Could not decide ben's appeal. Please try again.");
    expect(actionFailed({ type: 'profileReportStatus', reportId: 'r1', username: 'ben', status: 'dismissed' })).toBe(
      'Could not change the report. Please try again.',
    );
  });
});
