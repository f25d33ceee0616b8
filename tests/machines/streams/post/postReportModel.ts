import type { PostReportContext } from '../../../../src/machines/streams/post/postReport.machine';
import { refused } from '../../../fixtures/streams';
import type { ModelEvent } from '../../model';

/** The post report dialog's model, shared by its machine test and the dialog's replay through the view. */
export const postReportSerialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as PostReportContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    reason: c.reason,
    details: c.details,
    errors: c.errors,
    error: c.error,
  });
};

export const LONG_POST_REPORT_DETAILS = 'x'.repeat(1001);
export const postReportModel = {
  serialize: postReportSerialize,
  events: [
    { type: 'report.reason', reason: 'spam' },
    { type: 'report.reason', reason: 'harassment' },
    { type: 'report.details', value: 'Posts the same advert every hour' },
    { type: 'report.details', value: LONG_POST_REPORT_DETAILS },
    { type: 'xstate.done.actor.sendReport', output: { message: 'Report submitted', report: { _id: 'r1' } } },
    { type: 'xstate.error.actor.sendReport', error: refused('You have already reported this post', 409) },
  ] as ModelEvent[],
  // Each field is chosen or typed once into an empty form, and fixed once: bounded.
  filter: (snapshot: { context: unknown }, event: ModelEvent) => {
    const c = snapshot.context as PostReportContext;
    if (event.type === 'report.reason') return c.reason === null || (c.reason === 'spam' && event.reason === 'harassment');
    if (event.type === 'report.details')
      return c.details === '' || (c.details === LONG_POST_REPORT_DETAILS && event.value !== LONG_POST_REPORT_DETAILS);
    return true;
  },
};
