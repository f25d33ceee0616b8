import { useSelector } from '@xstate/react';
import { Flag } from 'lucide-react';
import type { FormEvent } from 'react';
import { FieldError, Form, Label, Radio, RadioGroup, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '../../api/moderation/reports';
import type { ReportActorRef } from '../../machines/moderation/report.machine';
import {
  isSendingReport,
  reportDetails,
  reportedUsername,
  reportError,
  reportErrors,
  reportReason,
  reportSubjectKind,
} from '../../machines/moderation/report.connect';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { SheetDialog } from '../ui/SheetDialog';
import { fieldErrorText, fieldLabel, textAreaClass } from '../ui/TextField';

const radioClass =
  'flex cursor-pointer items-center gap-3 rounded-xl border border-neutral-200 px-3 py-2.5 text-[15px] text-neutral-900 transition-colors ' +
  'hover:bg-neutral-50 data-[selected]:border-accent data-[selected]:bg-accent-soft data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent ' +
  'data-[disabled]:opacity-60 dark:border-neutral-700 dark:text-neutral-100 dark:hover:bg-neutral-800 dark:data-[selected]:bg-accent/15';

/**
 * The one report dialog, for a post and for a member: one reason from the one list, optional
 * details; the server's refusal stays in the dialog. Only the title and the words naming what is
 * reported differ.
 */
export function ReportDialog({ report }: { report: ReportActorRef }) {
  const kind = useSelector(report, reportSubjectKind);
  const username = useSelector(report, reportedUsername);
  const reason = useSelector(report, reportReason);
  const details = useSelector(report, reportDetails);
  const errors = useSelector(report, reportErrors);
  const error = useSelector(report, reportError);
  const sending = useSelector(report, isSendingReport);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    report.send({ type: 'report.submit' });
  };
  const post = kind === 'post';
  return (
    <SheetDialog
      title={post ? 'Report post' : `Report ${username}`}
      onClose={() => report.send({ type: 'report.cancel' })}
      isDismissable={!sending}
      padded
    >
      <Form aria-label={post ? `Report ${username}'s post` : `Report ${username}`} onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          Moderators review every report. {username} is not told who reported {post ? 'their post' : 'them'}.
        </p>
        <RadioGroup
          value={reason}
          isDisabled={sending}
          isInvalid={Boolean(errors.reason)}
          validationBehavior="aria"
          onChange={(value) => report.send({ type: 'report.reason', reason: value as ReportReason })}
          className="flex flex-col gap-2"
        >
          <Label className={fieldLabel}>{post ? 'Why are you reporting this post?' : `Why are you reporting ${username}?`}</Label>
          <div className="grid gap-2 sm:grid-cols-2">
            {REPORT_REASONS.map((reason) => (
              <Radio key={reason} value={reason} className={radioClass}>
                {({ isSelected }) => (
                  <>
                    <span
                      aria-hidden="true"
                      className={`flex size-4 shrink-0 items-center justify-center rounded-full border-2 ${isSelected ? 'border-accent' : 'border-neutral-400'}`}
                    >
                      {isSelected ? <span className="size-2 rounded-full bg-accent" /> : null}
                    </span>
                    {REPORT_REASON_LABELS[reason]}
                  </>
                )}
              </Radio>
            ))}
          </div>
          <FieldError className={fieldErrorText}>{errors.reason}</FieldError>
        </RadioGroup>
        <AriaTextField
          value={details}
          isDisabled={sending}
          validationBehavior="aria"
          isInvalid={Boolean(errors.details)}
          onChange={(value) => report.send({ type: 'report.details', value })}
          className="flex flex-col gap-1.5"
        >
          <Label className={fieldLabel}>Details (optional)</Label>
          <TextArea className={textAreaClass} placeholder="What should the moderators know?" />
          <Text slot="description" className="text-xs text-neutral-600 dark:text-neutral-400">
            {details.length} / {REPORT_DETAILS_MAX}
          </Text>
          <FieldError className={fieldErrorText}>{errors.details}</FieldError>
        </AriaTextField>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" isDisabled={sending} onPress={() => report.send({ type: 'report.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" icon={sending ? undefined : <Flag size={16} />} isDisabled={sending}>
            {sending ? 'Sending...' : 'Send report'}
          </Button>
        </div>
      </Form>
    </SheetDialog>
  );
}
