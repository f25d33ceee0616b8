import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportPostBodySchema } from '../../../src/api/moderation';
import { REPORT_REASONS } from '../../../src/api/moderation/reports';
import { reportProfileBodySchema } from '../../../src/api/users';
import { sendReport } from '../../../src/effects/moderation/report';
import { CHOOSE_REASON, reportErrors, reportMachine, type ReportContext } from '../../../src/machines/moderation/report.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { reportSerialize as serialize, LONG_REPORT_DETAILS, postInput, profileInput } from './reportModel';
import { reportModel } from './report.model';

const coverage = new TransitionCoverage(reportMachine);

describe.each([
  ['a post', postInput, "Thank you. Your report about ben's post was sent to the moderators.", 'You have already reported this post'],
  ['a member', profileInput, 'Thank you. Your report about ben was sent to the moderators.', 'You have already reported this member'],
] as const)('report machine: %s', (label, input, thanks, refusal) => {
  const paths = pathsOf(reportModel, label);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    await replay(reportMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      provide: { actions: { showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: ReportContext;
          status: string;
          matches(v: string): boolean;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        if (e.type === 'report.submit' && !snapshot.matches('sending')) {
          // The contract's messages, by field; nothing goes out.
          if (c.reason === null) expect(c.errors.reason).toBe(CHOOSE_REASON);
          if (c.details === LONG_REPORT_DETAILS) expect(c.errors.details).toBe('Details must not exceed 1000 characters');
        }
        if (e.type === 'report.submit' && snapshot.matches('sending')) {
          expect(snapshot.children.sendReport?.getSnapshot().input).toEqual({
            subject: input.subject,
            reason: c.reason,
            details: c.details,
          });
        }
        if (e.type === 'report.reason') expect(c.errors.reason).toBeUndefined();
        if (e.type === 'report.details') expect(c.errors.details).toBeUndefined();
        if (e.type === 'xstate.error.actor.sendReport') {
          expect(c.error).toBe(refusal);
          expect(snapshot.matches('editing')).toBe(true);
        }
        if (e.type === 'xstate.done.actor.sendReport') {
          expect(snapshot.status).toBe('done');
          expect(toasts.at(-1)).toEqual({ type: 'success', description: thanks });
        }
        if (e.type === 'report.cancel') expect(toasts).toEqual([]);
      },
    });
  });
});

describe('report machine: the rules and the wire', () => {
  it('checks by hand exactly what the contract (reportPostBodySchema) refuses, with its messages', () => {
    const cases: [ReportContext['reason'], string][] = [
      ['spam', ''],
      ['other', 'x'.repeat(1000)],
      ['other', ` ${'x'.repeat(1000)} `],
      ['harassment', 'x'.repeat(1001)],
      [null, 'x'.repeat(1001)],
      [null, 'fine'],
    ];
    for (const [reason, details] of cases) {
      const fromSchema: ReportContext['errors'] = {};
      for (const issue of reportPostBodySchema.safeParse({ postId: postInput.subject.postId, reason: reason ?? 'other', details }).error
        ?.issues ?? []) {
        const field = issue.path[0];
        if (field === 'reason' || field === 'details') fromSchema[field] ??= issue.message;
      }
      if (reason === null) fromSchema.reason = CHOOSE_REASON; // the dialog's own word for a reason not chosen yet
      expect(reportErrors({ reason, details }), `${reason} with ${details.length} characters`).toEqual(fromSchema);
    }
  });

  it('every reason of the one list is one both paths take', () => {
    for (const reason of REPORT_REASONS) {
      expect(reportPostBodySchema.safeParse({ postId: postInput.subject.postId, reason }).success, reason).toBe(true);
      expect(reportProfileBodySchema.safeParse({ userId: profileInput.subject.userId, reason }).success, reason).toBe(true);
    }
  });

  it("sends a post's report to POST /reportpost and a member's to POST /reportprofile (details only when given)", async () => {
    const calls: [string, unknown][] = [];
    const api = {
      moderation: { reportPost: async (body: unknown) => void calls.push(['reportPost', body]) },
      users: { reportProfile: async (body: unknown) => void calls.push(['reportProfile', body]) },
    } as never;
    await sendReport(api, { subject: postInput.subject, reason: 'spam', details: '' });
    await sendReport(api, { subject: profileInput.subject, reason: 'impersonation', details: '  ' });
    await sendReport(api, { subject: profileInput.subject, reason: 'other', details: 'Copies my photos' });
    expect(calls).toEqual([
      ['reportPost', { postId: postInput.subject.postId, reason: 'spam', details: '' }],
      ['reportProfile', { userId: profileInput.subject.userId, reason: 'impersonation' }],
      ['reportProfile', { userId: profileInput.subject.userId, reason: 'other', details: 'Copies my photos' }],
    ]);
  });

  it('covers every transition', () => {
    console.log(coverage.summary('report', stateCount(reportMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
