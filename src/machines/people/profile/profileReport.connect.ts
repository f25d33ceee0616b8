import type { ProfileReportSnapshot } from './profileReport.machine';

/** What the "Report <member>" dialog shows, read from the profileReport machine's snapshot. */

export const reportedUsername = (s: ProfileReportSnapshot) => s.context.username;
export const reportReason = (s: ProfileReportSnapshot) => s.context.reason;
export const reportDetails = (s: ProfileReportSnapshot) => s.context.details;
/** Why a field was refused, by field. */
export const reportErrors = (s: ProfileReportSnapshot) => s.context.errors;
/** The server's refusal, shown in the dialog. */
export const reportError = (s: ProfileReportSnapshot) => s.context.error;
export const isSendingReport = (s: ProfileReportSnapshot) => s.matches('sending');
