import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import { appealBodySchema, type AppealBody, type AppealResponse, type MyAppeal } from '../../api/moderation';
import { STANDING_FAILED } from './checkpoint.machine';
import { failureStatus, failureText } from '../shared/failure';

export const APPEAL_FAILED = 'Could not send your appeal. Please try again.';

export type AppealFormEvent = { type: 'appeal.message'; value: string } | { type: 'appeal.submit' } | { type: 'appeal.retry' };

export interface AppealFormContext {
  hasToken: boolean;
  standing: MyAppeal | null;
  message: string;
  /** The contract's message for the text (appealBodySchema), shown under the field. */
  fieldError: string | null;
  /** The server's refusal, or why the page could not load. */
  error: string | null;
}

/** The contract's first message about the appeal's text, or null when it may be sent. */
export function appealError(message: string): string | null {
  return appealBodySchema.safeParse({ message }).error?.issues[0]?.message ?? null;
}

const pendingAppeal = (standing: MyAppeal | undefined) => standing?.ban != null && standing.appeal?.status === 'pending';

/**
 * /issua, the appeal form: a banned member writes why the ban should be lifted (20 to 2,000
 * characters, checked with the contract's rules before sending) and, once sent, is taken to
 * /aarovel to follow it. One open appeal per ban: with one waiting, the form is not offered.
 * Visitors who are not signed in go to the sign-in page; members who are not banned are told so.
 */
export const appealFormMachine = setup({
  types: {
    context: {} as AppealFormContext,
    events: {} as AppealFormEvent,
    input: {} as { hasToken: boolean },
  },
  actors: {
    /** Effect: GET /appeal. */
    fetchStanding: requiredPromise<MyAppeal>('fetchStanding'),
    /** Effect: POST /appeal. */
    sendAppeal: requiredPromise<AppealResponse, AppealBody>('sendAppeal'),
  },
  actions: {
    navigate: (_, _params: { to: string; replace?: boolean }) => {},
  },
  guards: {
    hasToken: ({ context }) => context.hasToken,
    notBanned: ({ event }) => (event as { output?: MyAppeal }).output?.ban == null,
    appealWaiting: ({ event }) => pendingAppeal((event as { output?: MyAppeal }).output),
    isUnauthorized: ({ event }) => failureStatus((event as { error?: unknown }).error) === 401,
    valid: ({ context }) => appealError(context.message) === null,
  },
}).createMachine({
  id: 'appealForm',
  context: ({ input }) => ({ hasToken: input.hasToken, standing: null, message: '', fieldError: null, error: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'hasToken', target: 'loading' }, { target: 'away' }],
    },
    loading: {
      invoke: {
        id: 'fetchStanding',
        src: 'fetchStanding',
        onDone: [
          { guard: 'notBanned', target: 'notBanned', actions: assign({ standing: ({ event }) => event.output }) },
          { guard: 'appealWaiting', target: 'waiting', actions: assign({ standing: ({ event }) => event.output }) },
          { target: 'editing', actions: assign({ standing: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'isUnauthorized', target: 'away' },
          { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, STANDING_FAILED) }) },
        ],
      },
    },
    editing: {
      on: {
        // The text being fixed stops showing its old message.
        'appeal.message': { actions: assign({ message: ({ event }) => event.value, fieldError: null }) },
        'appeal.submit': [
          { guard: 'valid', target: 'sending', actions: assign({ fieldError: null, error: null }) },
          { actions: assign({ fieldError: ({ context }) => appealError(context.message), error: null }) },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'sendAppeal',
        src: 'sendAppeal',
        input: ({ context }) => ({ message: context.message }),
        onDone: 'sent',
        onError: [
          { guard: 'isUnauthorized', target: 'away' },
          { target: 'editing', actions: assign({ error: ({ event }) => failureText(event.error, APPEAL_FAILED) }) },
        ],
      },
    },
    /** Sent: the status page follows it. */
    sent: {
      type: 'final',
      entry: { type: 'navigate', params: { to: '/aarovel', replace: true } },
    },
    /** An appeal of this ban waits for a moderator already. */
    waiting: {},
    notBanned: {},
    failed: {
      on: { 'appeal.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    away: {
      type: 'final',
      entry: { type: 'navigate', params: { to: '/', replace: true } },
    },
  },
});

export type AppealFormActorRef = ActorRefFrom<typeof appealFormMachine>;
export type AppealFormSnapshot = SnapshotFrom<typeof appealFormMachine>;
