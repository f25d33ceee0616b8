import type { PostReportSnapshot } from './postReport.machine';

/** What the "Report post" dialog shows, read from the postReport machine's snapshot. */

/** The author whose post is reported. */
export const reportedUsername = (s: PostReportSnapshot) => s.context.username;
export const reportReason = (s: PostReportSnapshot) => s.context.reason;
export const reportDetails = (s: PostReportSnapshot) => s.context.details;
/** Why a field was refused, by field. */
export const reportErrors = (s: PostReportSnapshot) => s.context.errors;
/** The server's refusal, shown in the dialog. */
export const reportError = (s: PostReportSnapshot) => s.context.error;
export const isSendingReport = (s: PostReportSnapshot) => s.matches('sending');
