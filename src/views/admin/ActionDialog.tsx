import { useSelector } from '@xstate/react';
import { Ban, Check, Eye, EyeOff, ShieldCheck, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { FieldError, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import type { AdminAction, AdminActionActorRef } from '../../machines/admin/adminAction.machine';
import {
  hasActionDialog,
  isSendingAction,
  selectAction,
  selectActionError,
  selectActionFieldError,
  selectActionReason,
  selectReasonMax,
  selectReasonRule,
} from '../../machines/admin/adminAction.connect';
import type { ButtonVariant } from '../ui/Button';
import { ConfirmDialog, ConfirmText } from '../ui/ConfirmDialog';
import { fieldErrorText, fieldHint, fieldLabel, textAreaClass } from '../ui/TextField';

interface ActionCopy {
  title: string;
  text: string;
  confirm: string;
  busy: string;
  variant: ButtonVariant;
  icon: ReactNode;
  /** The reason field's label and hint, when the action takes one. */
  reasonLabel?: string;
  reasonHint?: string;
}

/** What each dialog says, in the admin's words. */
export function actionCopy(action: AdminAction): ActionCopy {
  switch (action.type) {
    case 'ban':
      return {
        title: `Ban ${action.username}`,
        text: `${action.username} is signed out at once and can only file an appeal until unbanned.${action.reportId ? ' The report is marked resolved.' : ''}`,
        confirm: 'Ban',
        busy: 'Banning...',
        variant: 'danger',
        icon: <Ban size={16} />,
        reasonLabel: 'Reason',
        reasonHint: `${action.username} sees this reason.`,
      };
    case 'unban':
      return {
        title: `Unban ${action.username}?`,
        text: `${action.username} can sign in, post and chat again.`,
        confirm: 'Unban',
        busy: 'Unbanning...',
        variant: 'primary',
        icon: <ShieldCheck size={16} />,
      };
    case 'hide':
      return {
        title: 'Hide this post',
        text: `“${action.label}” is hidden from everyone but admins and its author, and its open reports are resolved.`,
        confirm: 'Hide post',
        busy: 'Hiding...',
        variant: 'danger',
        icon: <EyeOff size={16} />,
        reasonLabel: 'Reason',
        reasonHint: 'The author sees this reason.',
      };
    case 'unhide':
      return {
        title: 'Unhide this post?',
        text: `“${action.label}” is shown again to everyone its privacy allows.`,
        confirm: 'Unhide',
        busy: 'Unhiding...',
        variant: 'primary',
        icon: <Eye size={16} />,
      };
    case 'profileReportStatus':
      return action.status === 'resolved'
        ? {
            title: 'Mark this report resolved?',
            text: `${action.username} is banned already. The report is closed as acted on.`,
            confirm: 'Mark resolved',
            busy: 'Saving...',
            variant: 'primary',
            icon: <Check size={16} />,
          }
        : {
            title: 'Dismiss this report?',
            text: `The report about ${action.username} is closed without action.`,
            confirm: 'Dismiss',
            busy: 'Dismissing...',
            variant: 'danger',
            icon: <X size={16} />,
          };
    case 'postReportStatus':
      return action.status === 'resolved'
        ? {
            title: 'Mark these reports resolved?',
            text: `“${action.label}” is hidden already. Its open reports are closed as acted on.`,
            confirm: 'Mark resolved',
            busy: 'Saving...',
            variant: 'primary',
            icon: <Check size={16} />,
          }
        : {
            title: 'Dismiss the reports of this post?',
            text: `The open reports of “${action.label}” are closed without action; the post stays as it is.`,
            confirm: 'Dismiss',
            busy: 'Dismissing...',
            variant: 'danger',
            icon: <X size={16} />,
          };
    case 'appealDecision':
      return action.status === 'approved'
        ? {
            title: `Approve ${action.username}'s appeal`,
            text: `${action.username} is unbanned and told.`,
            confirm: 'Approve',
            busy: 'Approving...',
            variant: 'primary',
            icon: <Check size={16} />,
            reasonLabel: 'Reply (optional)',
            reasonHint: `${action.username} sees your reply.`,
          }
        : {
            title: `Reject ${action.username}'s appeal`,
            text: `The ban stays. ${action.username} is told, with your reply.`,
            confirm: 'Reject',
            busy: 'Rejecting...',
            variant: 'danger',
            icon: <X size={16} />,
            reasonLabel: 'Reply',
            reasonHint: `${action.username} sees your reply.`,
          };
  }
}

/**
 * The running action's dialog (adminAction.machine): what it does, the reason or reply where it
 * takes one (the contract's rules, a count of characters), the server's refusal in the dialog.
 * Escape, a click outside and Cancel close it, except while the request runs.
 */
export function ActionDialog({ actor }: { actor: AdminActionActorRef }) {
  const shown = useSelector(actor, hasActionDialog);
  const sending = useSelector(actor, isSendingAction);
  const action = useSelector(actor, selectAction);
  const reason = useSelector(actor, selectActionReason);
  const fieldError = useSelector(actor, selectActionFieldError);
  const error = useSelector(actor, selectActionError);
  const rule = useSelector(actor, selectReasonRule);
  const max = useSelector(actor, selectReasonMax);
  if (!shown) return null;
  const copy = actionCopy(action);
  return (
    <ConfirmDialog
      title={copy.title}
      busy={sending}
      error={error}
      confirmLabel={copy.confirm}
      busyLabel={copy.busy}
      confirmIcon={copy.icon}
      confirmVariant={copy.variant}
      onConfirm={() => actor.send({ type: 'action.confirm' })}
      onCancel={() => actor.send({ type: 'action.cancel' })}
      focusCancel={rule === 'none'}
    >
      <ConfirmText>{copy.text}</ConfirmText>
      {rule !== 'none' ? (
        <AriaTextField
          value={reason}
          isDisabled={sending}
          isRequired={rule === 'required'}
          validationBehavior="aria"
          isInvalid={Boolean(fieldError)}
          onChange={(value) => actor.send({ type: 'action.reason', value })}
          className="flex flex-col gap-1.5"
        >
          <Label className={fieldLabel}>{copy.reasonLabel}</Label>
          <TextArea className={textAreaClass} autoFocus />
          <Text slot="description" className={`${fieldHint} flex justify-between gap-2`}>
            <span>{copy.reasonHint}</span>
            <span className={reason.trim().length > max ? 'font-semibold text-red-700 dark:text-red-400' : undefined}>
              {reason.trim().length}/{max}
            </span>
          </Text>
          <FieldError className={fieldErrorText}>{fieldError}</FieldError>
        </AriaTextField>
      ) : null}
    </ConfirmDialog>
  );
}
