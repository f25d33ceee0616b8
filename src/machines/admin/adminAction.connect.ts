import { isImmediate, reasonMax, reasonRule, type AdminActionSnapshot } from './adminAction.machine';

/** What a moderation action's dialog shows and takes, read from the adminAction machine's snapshot. */

export const isEditingAction = (s: AdminActionSnapshot) => s.matches('editing');
export const isSendingAction = (s: AdminActionSnapshot) => s.matches('sending');
/**
 * The dialog shows while the action is edited or sent; taking a report into review has none (the
 * item's buttons wait instead).
 */
export const hasActionDialog = (s: AdminActionSnapshot) => (isEditingAction(s) || isSendingAction(s)) && !isImmediate(s.context.action);

export const selectAction = (s: AdminActionSnapshot) => s.context.action;
export const selectActionReason = (s: AdminActionSnapshot) => s.context.reason;
/** Why the reason was refused, or null. */
export const selectActionFieldError = (s: AdminActionSnapshot) => s.context.fieldError;
/** The server's refusal, shown in the dialog. */
export const selectActionError = (s: AdminActionSnapshot) => s.context.error;
/** Whether the action takes a reason (required, optional or none) and how long it may be (the contract's rules). */
export const selectReasonRule = (s: AdminActionSnapshot) => reasonRule(s.context.action);
export const selectReasonMax = (s: AdminActionSnapshot) => reasonMax(s.context.action);
