import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../../shared/required';
import { reportProfileBodySchema, type ReportProfileBody, type ReportProfileResponse } from '../../../api/users';
import { failureText } from '../../shared/failure';
import type { ToastRequest } from '../../shell/toastRequest';

export type ProfileReportEvent =
  | { type: 'report.reason'; value: string }
  | { type: 'report.details'; value: string }
  | { type: 'report.submit' }
  | { type: 'report.cancel' };

export interface ProfileReportContext {
  userId: string;
  username: string;
  reason: string;
  details: string;
  /** The contract's messages (reportProfileBodySchema), by field. */
  errors: Partial<Record<'reason' | 'details', string>>;
  /** The server's refusal (e.g. a report already pending). */
  error: string | null;
}

export const REPORT_FAILED = 'Could not send your report. Please try again.';
/** Reasons offered as one-tap choices; any other text is as good. */
export const REPORT_REASONS = ['Spam', 'Harassment or bullying', 'Impersonation', 'Inappropriate content'] as const;

const bodyOf = (c: ProfileReportContext): ReportProfileBody => ({
  userId: c.userId,
  reason: c.reason,
  ...(c.details.trim() ? { details: c.details } : {}),
});

const only = (errors: ProfileReportContext['errors'], field: 'reason' | 'details') => (errors[field] ? { [field]: errors[field] } : {});

export function reportErrors(c: ProfileReportContext): ProfileReportContext['errors'] {
  const errors: ProfileReportContext['errors'] = {};
  for (const issue of reportProfileBodySchema.safeParse(bodyOf(c)).error?.issues ?? []) {
    const field = issue.path[0];
    if (field === 'reason' || field === 'details') errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Reporting another member's profile (POST /reportprofile): a reason is required (checked with
 * the contract's rules before sending), details are optional. A refusal stays in the dialog with
 * the server's message; success closes it with a toast.
 */
export const profileReportMachine = setup({
  types: {
    context: {} as ProfileReportContext,
    events: {} as ProfileReportEvent,
    input: {} as { userId: string; username: string },
  },
  actors: {
    sendReport: requiredPromise<ReportProfileResponse, ReportProfileBody>('sendReport'),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(reportErrors(context)).length === 0,
  },
}).createMachine({
  id: 'profileReport',
  context: ({ input }) => ({ userId: input.userId, username: input.username, reason: '', details: '', errors: {}, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        // The field being fixed stops showing its old message.
        'report.reason': {
          actions: assign({ reason: ({ event }) => event.value, errors: ({ context }) => only(context.errors, 'details') }),
        },
        'report.details': {
          actions: assign({ details: ({ event }) => event.value, errors: ({ context }) => only(context.errors, 'reason') }),
        },
        'report.submit': [
          { guard: 'valid', target: 'sending', actions: assign({ errors: {}, error: null }) },
          { actions: assign({ errors: ({ context }) => reportErrors(context), error: null }) },
        ],
        'report.cancel': 'cancelled',
      },
    },
    sending: {
      invoke: {
        id: 'sendReport',
        src: 'sendReport',
        input: ({ context }) => bodyOf(context),
        onDone: {
          target: 'sent',
          actions: {
            type: 'showToast',
            params: ({ context }) => ({
              type: 'success' as const,
              description: `Thank you. Your report about ${context.username} was sent to the moderators.`,
            }),
          },
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => failureText(event.error, REPORT_FAILED) }) },
      },
    },
    sent: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type ProfileReportActorRef = ActorRefFrom<typeof profileReportMachine>;
export type ProfileReportSnapshot = SnapshotFrom<typeof profileReportMachine>;
