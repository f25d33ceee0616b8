import { serverEvents, type NotificationPayload } from '../../../src/api/socket';
import type { Fanout } from '../../realtime/fanout';

/** A report a moderator just closed, and whose it was. */
export interface DecidedReport {
  reporterId: string;
  target: 'post' | 'profile';
  outcome: 'resolved' | 'dismissed';
}

/**
 * Who is told what when reports are decided: each reporter of a report that became resolved or
 * dismissed gets a `notification` `{type:'report', outcome, target}` (whatever their settings: it
 * answers something they asked). A report moved back to pending or reviewing tells no one.
 * The one place to point at the stored notifications inbox once it exists.
 */
export function reportOutcomeNotices(reports: { reporterId: string; target: 'post' | 'profile'; status: string }[]): { userId: string; payload: NotificationPayload }[] {
  return reports
    .filter((report): report is DecidedReport & { status: string } => report.status === 'resolved' || report.status === 'dismissed')
    .map((report) => ({ userId: report.reporterId, payload: { type: 'report', outcome: report.status as DecidedReport['outcome'], target: report.target } }));
}

/** Delivers the notices (toasts now) through the members' rooms, on every process. */
export function createReportNotifier(fanout: Fanout) {
  return {
    decided(reports: { reporterId: string; target: 'post' | 'profile'; status: string }[]): void {
      for (const notice of reportOutcomeNotices(reports)) fanout.toUsers([notice.userId], serverEvents.notification, notice.payload);
    },
  };
}

export type ReportNotifier = ReturnType<typeof createReportNotifier>;
