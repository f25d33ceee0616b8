import type { ReportSnapshot } from './report.machine';

/** What the one report dialog (a post or a member) shows, read from the report machine's snapshot. */

/** Whether a post or a member is reported (the title and the words around the form). */
export const reportSubjectKind = (s: ReportSnapshot) => s.context.subject.kind;
/** The author of the post, or the member, reported. */
export const reportedUsername = (s: ReportSnapshot) => s.context.username;
export const reportReason = (s: ReportSnapshot) => s.context.reason;
export const reportDetails = (s: ReportSnapshot) => s.context.details;
/** Why a field was refused, by field. */
export const reportErrors = (s: ReportSnapshot) => s.context.errors;
/** The server's refusal, shown in the dialog. */
export const reportError = (s: ReportSnapshot) => s.context.error;
export const isSendingReport = (s: ReportSnapshot) => s.matches('sending');
