import { useSelector } from '@xstate/react';
import { Flag } from 'lucide-react';
import type { FormEvent } from 'react';
import { FieldError, Form, Label, Radio, RadioGroup, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { POST_REPORT_REASON_LABELS, POST_REPORT_REASONS, REPORT_DETAILS_MAX, type PostReportReason } from '../../../api/moderation/reports';
import type { PostReportActorRef } from '../../../machines/streams/post/postReport.machine';
import {
  isSendingReport,
  reportDetails,
  reportedUsername,
  reportError,
  reportErrors,
  reportReason,
} from '../../../machines/streams/post/postReport.connect';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SheetDialog } from '../../ui/SheetDialog';
import { fieldErrorText, fieldLabel, textAreaClass } from '../../ui/TextField';

const radioClass =
  'flex cursor-pointer items-center gap-3 rounded-xl border border-neutral-200 px-3 py-2.5 text-[15px] text-neutral-900 transition-colors ' +
  'hover:bg-neutral-50 data-[selected]:border-accent data-[selected]:bg-accent-soft data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent ' +
  'data-[disabled]:opacity-60 dark:border-neutral-700 dark:text-neutral-100 dark:hover:bg-neutral-800 dark:data-[selected]:bg-accent/15';

/** Report a post: one reason from the list, optional details; the server's refusal stays in the dialog. */
export function ReportPostDialog({ report }: { report: PostReportActorRef }) {
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
  return (
    <SheetDialog title="Report post" onClose={() => report.send({ type: 'report.cancel' })} isDismissable={!sending} padded>
      <Form aria-label={`Report ${username}'s post`} onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          Moderators review every report. {username} is not told who reported their post.
        </p>
        <RadioGroup
          value={reason}
          isDisabled={sending}
          isInvalid={Boolean(errors.reason)}
          validationBehavior="aria"
          onChange={(value) => report.send({ type: 'report.reason', reason: value as PostReportReason })}
          className="flex flex-col gap-2"
        >
          <Label className={fieldLabel}>Why are you reporting it?</Label>
          <div className="grid gap-2 sm:grid-cols-2">
            {POST_REPORT_REASONS.map((reason) => (
              <Radio key={reason} value={reason} className={radioClass}>
                {({ isSelected }) => (
                  <>
                    <span
                      aria-hidden="true"
                      className={`flex size-4 shrink-0 items-center justify-center rounded-full border-2 ${isSelected ? 'border-accent' : 'border-neutral-400'}`}
                    >
                      {isSelected ? <span className="size-2 rounded-full bg-accent" /> : null}
                    </span>
                    {POST_REPORT_REASON_LABELS[reason]}
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
