import type { ReportContext } from '../../../src/machines/moderation/report.machine';
import { refused } from '../../fixtures/streams';
import type { ModelEvent } from '../model';

/** The report dialog's model, shared by its machine test and the dialog's replay through the view. */
export const reportSerialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as ReportContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    reason: c.reason,
    details: c.details,
    errors: c.errors,
    error: c.error,
  });
};

export const postInput = { subject: { kind: 'post' as const, postId: '0190a5f0-0000-7000-8000-000000000007' }, username: 'ben' };
export const profileInput = { subject: { kind: 'profile' as const, userId: '0190a5f0-0000-7000-8000-000000000002' }, username: 'ben' };

export const LONG_REPORT_DETAILS = 'x'.repeat(1001);
/** The server's refusal, in the words of the subject's path. */
const refusal = (kind: 'post' | 'profile') =>
  kind === 'post' ? 'You have already reported this post' : 'You have already reported this member';

export const reportModelOf = (kind: 'post' | 'profile') => ({
  serialize: reportSerialize,
  input: kind === 'post' ? postInput : profileInput,
  events: [
    { type: 'report.reason', reason: 'spam' },
    { type: 'report.reason', reason: 'impersonation' },
    { type: 'report.details', value: 'Posts the same advert every hour' },
    { type: 'report.details', value: LONG_REPORT_DETAILS },
    { type: 'xstate.done.actor.sendReport', output: { message: 'Report submitted', report: { _id: 'r1' } } },
    { type: 'xstate.error.actor.sendReport', error: refused(refusal(kind), 409) },
  ] as ModelEvent[],
  // Each field is chosen or typed once into an empty form, and fixed once: bounded.
  filter: (snapshot: { context: unknown }, event: ModelEvent) => {
    const c = snapshot.context as ReportContext;
    if (event.type === 'report.reason') return c.reason === null || (c.reason === 'spam' && event.reason === 'impersonation');
    if (event.type === 'report.details')
      return c.details === '' || (c.details === LONG_REPORT_DETAILS && event.value !== LONG_REPORT_DETAILS);
    return true;
  },
});
