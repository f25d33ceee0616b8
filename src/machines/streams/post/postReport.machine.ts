import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../../shared/required';
import type { ReportPostBody, ReportPostResponse } from '../../../api/moderation';
import { reportDetailsError, type PostReportReason } from '../../../api/moderation/reports';
import { failureText } from '../../shared/failure';
import type { ToastRequest } from '../../shell/toastRequest';

export type PostReportEvent =
  | { type: 'report.reason'; reason: PostReportReason }
  | { type: 'report.details'; value: string }
  | { type: 'report.submit' }
  | { type: 'report.cancel' };

type Field = 'reason' | 'details';

export interface PostReportContext {
  postId: string;
  /** The author's name, for the dialog's title and the thanks. */
  username: string;
  reason: PostReportReason | null;
  details: string;
  /** The contract's messages (reportPostBodySchema's rules, checked by hand: api/reports.ts), by field. */
  errors: Partial<Record<Field, string>>;
  /** The server's refusal (already reported, too many reports, the post is gone). */
  error: string | null;
}

export const POST_REPORT_FAILED = 'Could not send your report. Please try again.';
export const CHOOSE_REASON = 'Choose a reason';

export function postReportErrors(c: PostReportContext): PostReportContext['errors'] {
  const errors: PostReportContext['errors'] = {};
  if (c.reason === null) errors.reason = CHOOSE_REASON;
  const details = reportDetailsError(c.details);
  if (details) errors.details = details;
  return errors;
}

const without = (errors: PostReportContext['errors'], field: Field) => {
  const rest = { ...errors };
  delete rest[field];
  return rest;
};

/**
 * Reporting a post (POST /reportpost): the member picks one of the reasons and may add details
 * (at most 1,000 characters), checked with the contract's rules before sending. A refusal
 * ("You have already reported this post", too many reports) stays in the dialog with the
 * server's words; success closes it with thanks.
 */
export const postReportMachine = setup({
  types: {
    context: {} as PostReportContext,
    events: {} as PostReportEvent,
    input: {} as { postId: string; username: string },
  },
  actors: {
    /** Effect: POST /reportpost. */
    sendReport: requiredPromise<ReportPostResponse, ReportPostBody>('sendReport'),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(postReportErrors(context)).length === 0,
  },
}).createMachine({
  id: 'postReport',
  context: ({ input }) => ({ postId: input.postId, username: input.username, reason: null, details: '', errors: {}, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'report.reason': {
          actions: assign({ reason: ({ event }) => event.reason, errors: ({ context }) => without(context.errors, 'reason') }),
        },
        'report.details': {
          actions: assign({ details: ({ event }) => event.value, errors: ({ context }) => without(context.errors, 'details') }),
        },
        'report.submit': [
          { guard: 'valid', target: 'sending', actions: assign({ errors: {}, error: null }) },
          { actions: assign({ errors: ({ context }) => postReportErrors(context), error: null }) },
        ],
        'report.cancel': 'cancelled',
      },
    },
    sending: {
      invoke: {
        id: 'sendReport',
        src: 'sendReport',
        input: ({ context }) => ({ postId: context.postId, reason: context.reason!, details: context.details }),
        onDone: {
          target: 'sent',
          actions: {
            type: 'showToast',
            params: ({ context }) => ({
              type: 'success' as const,
              description: `Thank you. Your report about ${context.username}'s post was sent to the moderators.`,
            }),
          },
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => failureText(event.error, POST_REPORT_FAILED) }) },
      },
    },
    sent: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type PostReportActorRef = ActorRefFrom<typeof postReportMachine>;
export type PostReportSnapshot = SnapshotFrom<typeof postReportMachine>;
