import { REPORT_REASONS, type ProfileReportContext } from '../../../../src/machines/people/profile/profileReport.machine';
import { refused } from '../../../fixtures/streams';
import type { ModelEvent } from '../../model';

/** The report form's model, shared by its machine test and the dialog's replay through the view. */
export const reportSerialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as ProfileReportContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    reason: c.reason,
    details: c.details,
    errors: c.errors,
    error: c.error,
  });
};

export const LONG_DETAILS = 'x'.repeat(1001);
export const reportModel = {
  serialize: reportSerialize,
  events: [
    { type: 'report.reason', value: REPORT_REASONS[0] },
    { type: 'report.reason', value: '   ' },
    { type: 'report.details', value: 'Posts the same advert every hour' },
    { type: 'report.details', value: LONG_DETAILS },
    { type: 'xstate.done.actor.sendReport', output: { message: 'Report submitted', report: { _id: 'r1' } } },
    { type: 'xstate.error.actor.sendReport', error: refused('You have already reported this member', 409) },
  ] as ModelEvent[],
  // Each field is typed once into an empty form (and fixed once): bounded.
  filter: (snapshot: { context: unknown }, event: ModelEvent) => {
    const c = snapshot.context as ProfileReportContext;
    if (event.type === 'report.reason') return c.reason === '' || (c.reason.trim() === '' && event.value !== '   ');
    if (event.type === 'report.details') return c.details === '' || (c.details === LONG_DETAILS && event.value !== LONG_DETAILS);
    return true;
  },
};
