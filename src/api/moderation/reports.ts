/**
 * What the report dialog needs, without zod: the one list of reasons (a post or a member), their
 * labels, the details limit and the contract's messages. moderation.ts builds reportPostBodySchema
 * from these very values (the server checks with the schema; the dialog checks the same rules by
 * hand, so the streams page does not load zod: tests/machines/moderation/report.test.ts compares both).
 */

/** Details of a report (post or profile). */
export const REPORT_DETAILS_MAX = 1000;

/** Why a member reports a post or another member, in the order the report dialog offers them. */
export const REPORT_REASONS = ['spam', 'harassment', 'impersonation', 'violence', 'nudity', 'misinformation', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or hate',
  impersonation: 'Pretending to be someone else',
  violence: 'Violence',
  nudity: 'Nudity or sexual content',
  misinformation: 'False information',
  illegal: 'Illegal',
  other: 'Other',
};

const isReportReason = (reason: string): reason is ReportReason => (REPORT_REASONS as readonly string[]).includes(reason);

/**
 * A report's reason in words for the moderators: the label of one of REPORT_REASONS, or the text
 * as written (profile reports made before the one list took free text, and still may: docs/api.md).
 */
export const reportReasonLabel = (reason: string): string => (isReportReason(reason) ? REPORT_REASON_LABELS[reason] : reason);

export const REPORT_REASON_INVALID = `Reason must be one of ${REPORT_REASONS.join(', ')}`;
export const REPORT_DETAILS_TOO_LONG = `Details must not exceed ${REPORT_DETAILS_MAX} characters`;

/** The details rule of reportPostBodySchema (trimmed, at most REPORT_DETAILS_MAX), by hand. */
export const reportDetailsError = (details: string): string | undefined =>
  details.trim().length > REPORT_DETAILS_MAX ? REPORT_DETAILS_TOO_LONG : undefined;
