import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportPostBodySchema } from '../../../../src/api/moderation';
import {
  CHOOSE_REASON,
  postReportErrors,
  postReportMachine,
  type PostReportContext,
} from '../../../../src/machines/streams/post/postReport.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../../model';
import { postReportSerialize as serialize, LONG_POST_REPORT_DETAILS } from './postReportModel';
import { input, postReportModel } from './postReport.model';

const coverage = new TransitionCoverage(postReportMachine);

describe('postReport machine', () => {
  const paths = pathsOf(postReportModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    await replay(postReportMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      provide: { actions: { showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: PostReportContext;
          status: string;
          matches(v: string): boolean;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        if (e.type === 'report.submit' && !snapshot.matches('sending')) {
          // The contract's messages, by field; nothing goes out.
          if (c.reason === null) expect(c.errors.reason).toBe(CHOOSE_REASON);
          if (c.details === LONG_POST_REPORT_DETAILS) expect(c.errors.details).toBe('Details must not exceed 1000 characters');
        }
        if (e.type === 'report.submit' && snapshot.matches('sending')) {
          expect(snapshot.children.sendReport?.getSnapshot().input).toEqual({ postId: input.postId, reason: c.reason, details: c.details });
        }
        if (e.type === 'report.reason') expect(c.errors.reason).toBeUndefined();
        if (e.type === 'report.details') expect(c.errors.details).toBeUndefined();
        if (e.type === 'xstate.error.actor.sendReport') {
          expect(c.error).toBe('You have already reported this post');
          expect(snapshot.matches('editing')).toBe(true);
        }
        if (e.type === 'xstate.done.actor.sendReport') {
          expect(snapshot.status).toBe('done');
          expect(toasts.at(-1)).toEqual({
            type: 'success',
            description: "Thank you. Your report about ben's post was sent to the moderators.",
          });
        }
        if (e.type === 'report.cancel') expect(toasts).toEqual([]);
      },
    });
  });

  it('checks by hand exactly what the contract (reportPostBodySchema) refuses, with its messages', () => {
    const cases: [PostReportContext['reason'], string][] = [
      ['spam', ''],
      ['other', 'x'.repeat(1000)],
      ['other', ` ${'x'.repeat(1000)} `],
      ['harassment', 'x'.repeat(1001)],
      [null, 'x'.repeat(1001)],
      [null, 'fine'],
    ];
    for (const [reason, details] of cases) {
      const context: PostReportContext = { postId: input.postId, username: input.username, reason, details, errors: {}, error: null };
      const fromSchema: PostReportContext['errors'] = {};
      for (const issue of reportPostBodySchema.safeParse({ postId: input.postId, reason: reason ?? 'other', details }).error?.issues ??
        []) {
        const field = issue.path[0];
        if (field === 'reason' || field === 'details') fromSchema[field] ??= issue.message;
      }
      if (reason === null) fromSchema.reason = CHOOSE_REASON; // the dialog's own word for a reason not chosen yet
      expect(postReportErrors(context), `${reason} with ${details.length} characters`).toEqual(fromSchema);
    }
  });

  it('covers every transition', () => {
    console.log(coverage.summary('postReport', stateCount(postReportMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
