import { useSelector } from '@xstate/react';
import { Flag } from 'lucide-react';
import type { FormEvent } from 'react';
import { Dialog, FieldError, Form, Heading, Label, Modal, ModalOverlay, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { REPORT_REASONS, type ProfileReportActorRef } from '../../machines/people/profile/profileReport.machine';
import {
  isSendingReport,
  reportDetails,
  reportedUsername,
  reportError,
  reportErrors,
  reportReason,
} from '../../machines/people/profile/profileReport.connect';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { fieldErrorText, fieldLabel, TextField, textAreaClass } from '../ui/TextField';

/** Report a member: a reason (required; a tap fills a common one), optional details, the server's refusal in the dialog. */
export function ReportDialog({ report }: { report: ProfileReportActorRef }) {
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
    <ModalOverlay
      isOpen
      isDismissable={!sending}
      isKeyboardDismissDisabled={sending}
      onOpenChange={(open) => (!open ? report.send({ type: 'report.cancel' }) : undefined)}
      className="fixed inset-0 z-50 flex items-end justify-center bg-neutral-950/50 sm:items-center sm:p-4"
    >
      <Modal className="max-h-[90dvh] w-full max-w-md overflow-y-auto rounded-t-3xl bg-white p-5 text-neutral-900 shadow-2xl outline-none sm:rounded-3xl dark:bg-neutral-900 dark:text-neutral-100">
        <Dialog className="outline-none">
          <Form aria-label={`Report ${username}`} onSubmit={submit} className="flex flex-col gap-4">
            <Heading slot="title" className="text-lg font-bold">
              Report {username}
            </Heading>
            <p className="text-sm text-neutral-700 dark:text-neutral-300">
              The moderators review every report. {username} is not told who reported them.
            </p>
            <div className="flex flex-wrap gap-2" role="group" aria-label="Common reasons">
              {REPORT_REASONS.map((reason) => (
                <Button
                  key={reason}
                  size="sm"
                  variant="secondary"
                  isDisabled={sending}
                  onPress={() => report.send({ type: 'report.reason', value: reason })}
                >
                  {reason}
                </Button>
              ))}
            </div>
            <TextField
              label="Reason"
              value={reason}
              isRequired
              isDisabled={sending}
              errorMessage={errors.reason}
              onChange={(value) => report.send({ type: 'report.reason', value })}
            />
            <AriaTextField
              value={details}
              isDisabled={sending}
              validationBehavior="aria"
              isInvalid={Boolean(errors.details)}
              onChange={(value) => report.send({ type: 'report.details', value })}
              className="flex flex-col gap-1.5"
            >
              <Label className={fieldLabel}>Details (optional)</Label>
              <TextArea className={textAreaClass} placeholder="What happened?" />
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
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
