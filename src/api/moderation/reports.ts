/**
 * What the post report dialog needs on the streams page, without zod: the reasons, their labels,
 * the details limit and the contract's messages. moderation.ts builds reportPostBodySchema from
 * these very values (the server checks with the schema; the dialog checks the same rules by hand,
 * so the streams page does not load zod: tests/machines/streams/post/postReport.test.ts compares both).
 */

/** Details of a report (post or profile). */
export const REPORT_DETAILS_MAX = 1000;

/** Why a member reports a post, in the order the report dialog offers them. */
export const POST_REPORT_REASONS = ['spam', 'harassment', 'violence', 'nudity', 'misinformation', 'illegal', 'other'] as const;
export type PostReportReason = (typeof POST_REPORT_REASONS)[number];
export const POST_REPORT_REASON_LABELS: Record<PostReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or hate',
  violence: 'Violence',
  nudity: 'Nudity or sexual content',
  misinformation: 'False information',
  illegal: 'Illegal',
  other: 'Other',
};

export const REPORT_REASON_INVALID = `Reason must be one of ${POST_REPORT_REASONS.join(', ')}`;
export const REPORT_DETAILS_TOO_LONG = `Details must not exceed ${REPORT_DETAILS_MAX} characters`;

/** The details rule of reportPostBodySchema (trimmed, at most REPORT_DETAILS_MAX), by hand. */
export const reportDetailsError = (details: string): string | undefined =>
  details.trim().length > REPORT_DETAILS_MAX ? REPORT_DETAILS_TOO_LONG : undefined;
