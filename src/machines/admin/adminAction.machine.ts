import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import {
  APPEAL_REPLY_MAX,
  appealStatusBodySchema,
  BAN_REASON_MAX,
  banBodySchema,
  HIDE_REASON_MAX,
  hidePostBodySchema,
  type ModerationStatus,
} from '../../api/moderation';
import type { AdminChange } from './adminLists';
import { failureText } from '../shared/failure';

/** Everything an admin does to an item of a list; each is one request (a ban from a report also resolves it). */
export type AdminAction =
  /** `reportId`: banning from a profile report, which the ban resolves. */
  | { type: 'ban'; userId: string; username: string; reportId?: string }
  | { type: 'unban'; userId: string; username: string }
  | { type: 'hide'; postId: string; label: string }
  | { type: 'unhide'; postId: string; label: string }
  | { type: 'profileReportStatus'; reportId: string; username: string; status: ModerationStatus }
  | { type: 'postReportStatus'; postId: string; label: string; status: ModerationStatus }
  | { type: 'appealDecision'; appealId: string; username: string; status: 'approved' | 'rejected' };

/** What the server answered, as changes to the lists; `warning` when only part of it went through. */
export interface AdminActionResult {
  message: string;
  changes: AdminChange[];
  warning?: string;
}

export interface AdminActionRequest {
  action: AdminAction;
  /** The reason (ban, hide) or reply (appeal), trimmed; '' where the action takes none. */
  reason: string;
}

/** What the dialog ended with, for the list that opened it. */
export type AdminActionOutput =
  | { outcome: 'done'; action: AdminAction; result: AdminActionResult }
  | { outcome: 'failed'; action: AdminAction; message: string }
  | { outcome: 'cancelled'; action: AdminAction };

export type AdminActionEvent = { type: 'action.reason'; value: string } | { type: 'action.confirm' } | { type: 'action.cancel' };

export interface AdminActionContext {
  action: AdminAction;
  reason: string;
  /** The reason field's message (the contract's rules). */
  fieldError: string | null;
  /** The server's refusal (403 "cannot ban an admin", 409 "already banned"...), shown in the dialog. */
  error: string | null;
  result: AdminActionResult | null;
}

/** Whether the action asks for a reason: required (ban, hide, rejecting), optional (approving), or none (a confirmation). */
export function reasonRule(action: AdminAction): 'required' | 'optional' | 'none' {
  switch (action.type) {
    case 'ban':
    case 'hide':
      return 'required';
    case 'appealDecision':
      return action.status === 'rejected' ? 'required' : 'optional';
    default:
      return 'none';
  }
}

export function reasonMax(action: AdminAction): number {
  if (action.type === 'ban') return BAN_REASON_MAX;
  if (action.type === 'hide') return HIDE_REASON_MAX;
  return APPEAL_REPLY_MAX;
}

/** Taking a report into review is asked for without a dialog: it changes nothing a member sees. */
export const isImmediate = (action: AdminAction) =>
  (action.type === 'profileReportStatus' || action.type === 'postReportStatus') && action.status === 'reviewing';

// The contract's schemas decide; their other fields are the list's own ids, checked by the server.
const PLACEHOLDER_ID = '00000000-0000-7000-8000-000000000000';

/** The reason's message under the contract's rules, or null when it may be sent. */
export function reasonError(action: AdminAction, reason: string): string | null {
  const issues =
    action.type === 'ban'
      ? banBodySchema.safeParse({ userId: PLACEHOLDER_ID, reason }).error?.issues
      : action.type === 'hide'
        ? hidePostBodySchema.safeParse({ postId: PLACEHOLDER_ID, reason }).error?.issues
        : action.type === 'appealDecision'
          ? appealStatusBodySchema.safeParse({ appealId: PLACEHOLDER_ID, status: action.status, reply: reason }).error?.issues
          : undefined;
  return issues?.find((issue) => issue.path[0] === 'reason' || issue.path[0] === 'reply')?.message ?? null;
}

/** The fallback when a refusal carries no message. */
export function actionFailed(action: AdminAction): string {
  switch (action.type) {
    case 'ban':
      return `Could not ban ${action.username}. Please try again.`;
    case 'unban':
      return `Could not unban ${action.username}. Please try again.`;
    case 'hide':
      return 'Could not hide the post. Please try again.';
    case 'unhide':
      return 'Could not unhide the post. Please try again.';
    case 'appealDecision':
      return `Could not decide ${action.username}'s appeal. Please try again.`;
    default:
      return 'Could not change the report. Please try again.';
  }
}

/**
 * One admin action as a "reason + confirm" dialog: ban (reason required), unban, hide (reason
 * required), unhide, a report's status, an appeal's decision (a reply, required to reject). The
 * reason is checked with the contract's rules before sending; a refusal (403 "cannot ban an
 * admin", 409 "already banned") stays in the dialog with the server's message, so the admin can
 * change their mind or cancel. Taking a report into review goes straight to the request, and a
 * refusal of it ends as `failed` for the list to tell (there is no dialog to stay in).
 */
export const adminActionMachine = setup({
  types: {
    context: {} as AdminActionContext,
    events: {} as AdminActionEvent,
    input: {} as { action: AdminAction },
    output: {} as AdminActionOutput,
  },
  actors: {
    /** Effect: the action's request(s) (src/effects/admin/admin.ts). */
    perform: requiredPromise<AdminActionResult, AdminActionRequest>('perform'),
  },
  guards: {
    immediate: ({ context }) => isImmediate(context.action),
    valid: ({ context }) => reasonError(context.action, context.reason) === null,
  },
}).createMachine({
  id: 'adminAction',
  context: ({ input }) => ({ action: input.action, reason: '', fieldError: null, error: null, result: null }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'immediate', target: 'sending' }, { target: 'editing' }],
    },
    editing: {
      on: {
        // The field being fixed stops showing its old message.
        'action.reason': { actions: assign({ reason: ({ event }) => event.value, fieldError: null }) },
        'action.confirm': [
          { guard: 'valid', target: 'sending', actions: assign({ fieldError: null, error: null }) },
          { actions: assign({ fieldError: ({ context }) => reasonError(context.action, context.reason), error: null }) },
        ],
        'action.cancel': 'cancelled',
      },
    },
    sending: {
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }) => ({ action: context.action, reason: reasonRule(context.action) === 'none' ? '' : context.reason.trim() }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: [
          {
            guard: 'immediate',
            target: 'failed',
            actions: assign({ error: ({ context, event }) => failureText(event.error, actionFailed(context.action)) }),
          },
          { target: 'editing', actions: assign({ error: ({ context, event }) => failureText(event.error, actionFailed(context.action)) }) },
        ],
      },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => {
    if (context.result) return { outcome: 'done', action: context.action, result: context.result };
    if (context.error !== null && isImmediate(context.action)) return { outcome: 'failed', action: context.action, message: context.error };
    return { outcome: 'cancelled', action: context.action };
  },
});

export type AdminActionActorRef = ActorRefFrom<typeof adminActionMachine>;
export type AdminActionSnapshot = SnapshotFrom<typeof adminActionMachine>;
