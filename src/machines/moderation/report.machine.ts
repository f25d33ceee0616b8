import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import { reportDetailsError, type ReportReason } from '../../api/moderation/reports';
import { failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

/** What is reported: a post (POST /reportpost) or a member (POST /reportprofile). */
export type ReportSubject = { kind: 'post'; postId: string } | { kind: 'profile'; userId: string };

export type ReportEvent =
  | { type: 'report.reason'; reason: ReportReason }
  | { type: 'report.details'; value: string }
  | { type: 'report.submit' }
  | { type: 'report.cancel' };

type Field = 'reason' | 'details';

export interface ReportContext {
  subject: ReportSubject;
  /** The author or member, for the dialog's title and the thanks. */
  username: string;
  reason: ReportReason | null;
  details: string;
  /** The contract's messages (its rules checked by hand: api/moderation/reports.ts), by field. */
  errors: Partial<Record<Field, string>>;
  /** The server's refusal (already reported, too many reports, the post or member is gone). */
  error: string | null;
}

/** What the effect sends: the reason from the one list and the details, for the subject's path. */
export interface ReportSend {
  subject: ReportSubject;
  reason: ReportReason;
  details: string;
}

export const REPORT_FAILED = 'Could not send your report. Please try again.';
export const CHOOSE_REASON = 'Choose a reason';

export function reportErrors(c: Pick<ReportContext, 'reason' | 'details'>): ReportContext['errors'] {
  const errors: ReportContext['errors'] = {};
  if (c.reason === null) errors.reason = CHOOSE_REASON;
  const details = reportDetailsError(c.details);
  if (details) errors.details = details;
  return errors;
}

const without = (errors: ReportContext['errors'], field: Field) => {
  const rest = { ...errors };
  delete rest[field];
  return rest;
};

/** The thanks once the moderators have it: "ben's post" or "ben". */
export const reportedThing = (c: Pick<ReportContext, 'subject' | 'username'>) =>
  c.subject.kind === 'post' ? `${c.username}'s post` : c.username;

/**
 * Reporting a post or a member, one form for both: the member picks one reason from the one list
 * (REPORT_REASONS) and may add details (at most 1,000 characters), checked with the contract's
 * rules before sending. A refusal ("You have already reported this post", too many reports) stays
 * in the dialog with the server's words; success closes it with thanks.
 */
export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    input: {} as { subject: ReportSubject; username: string },
  },
  actors: {
    /** Effect: POST /reportpost or POST /reportprofile, by the subject. */
    sendReport: requiredPromise<unknown, ReportSend>('sendReport'),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(reportErrors(context)).length === 0,
  },
}).createMachine({
  id: 'report',
  context: ({ input }) => ({ subject: input.subject, username: input.username, reason: null, details: '', errors: {}, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        // The field being fixed stops showing its old message.
        'report.reason': {
          actions: assign({ reason: ({ event }) => event.reason, errors: ({ context }) => without(context.errors, 'reason') }),
        },
        'report.details': {
          actions: assign({ details: ({ event }) => event.value, errors: ({ context }) => without(context.errors, 'details') }),
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
        input: ({ context }) => ({ subject: context.subject, reason: context.reason!, details: context.details }),
        onDone: {
          target: 'sent',
          actions: {
            type: 'showToast',
            params: ({ context }) => ({
              type: 'success' as const,
              description: `Thank you. Your report about ${reportedThing(context)} was sent to the moderators.`,
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

export type ReportActorRef = ActorRefFrom<typeof reportMachine>;
export type ReportSnapshot = SnapshotFrom<typeof reportMachine>;
