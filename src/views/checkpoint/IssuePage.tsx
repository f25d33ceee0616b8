import { useSelector } from '@xstate/react';
import { ArrowLeft, Scale, Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { FieldError, Form, Label, Text, TextArea, TextField } from 'react-aria-components';
import { APPEAL_MAX, APPEAL_MIN } from '../../api/moderation';
import {
  appealForm,
  appealLoadError,
  appealPhase,
  isAppealLoading,
  isSendingAppeal,
  showsAppealForm,
  writtenLength,
} from '../../machines/checkpoint/appealForm.connect';
import { AuthShell } from '../auth/AuthShell';
import { TextLink } from '../auth/TextLink';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { fieldErrorText, fieldLabel, textAreaClass } from '../ui/TextField';
import { BanFacts, NotBanned, SignOutButton, StandingStates } from './CheckpointParts';
import { useCheckpointActor } from './useCheckpointActor';

/** /issua: the appeal form of a banned member (20 to 2,000 characters, one open appeal per ban). */
export default function IssuePage() {
  const actor = useCheckpointActor((logic) => logic.appealForm);
  const state = useSelector(actor, appealPhase);
  const c = useSelector(actor, appealForm);
  const loading = useSelector(actor, isAppealLoading);
  const loadError = useSelector(actor, appealLoadError);
  const sending = useSelector(actor, isSendingAppeal);
  const showsForm = useSelector(actor, showsAppealForm);
  const written = useSelector(actor, writtenLength);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'appeal.submit' });
  };

  return (
    <AuthShell
      title="Appeal your ban"
      icon={<Scale size={22} />}
      intro="Tell the moderators why the ban should be lifted. They read every appeal and answer here."
      footer={
        <TextLink href="/checkpoint" className="inline-flex items-center gap-1.5">
          <ArrowLeft size={16} aria-hidden="true" />
          Back to your account status
        </TextLink>
      }
    >
      <div className="flex flex-col gap-5">
        <StandingStates loading={loading} error={loadError} onRetry={() => actor.send({ type: 'appeal.retry' })} />
        {showsForm && c.standing?.ban ? (
          <>
            <BanFacts ban={c.standing.ban} />
            <Form aria-label="Appeal" onSubmit={submit} className="flex flex-col gap-4">
              <TextField
                value={c.message}
                isDisabled={sending}
                isRequired
                validationBehavior="aria"
                isInvalid={Boolean(c.fieldError)}
                onChange={(value) => actor.send({ type: 'appeal.message', value })}
                className="flex flex-col gap-1.5"
              >
                <Label className={fieldLabel}>Your appeal</Label>
                <TextArea className={`${textAreaClass} min-h-40`} placeholder="What happened, and why should the ban be lifted?" />
                <Text slot="description" className="text-xs text-neutral-600 dark:text-neutral-400">
                  {APPEAL_MIN} to {APPEAL_MAX} characters · {written} written
                </Text>
                <FieldError className={fieldErrorText}>{c.fieldError}</FieldError>
              </TextField>
              {c.error ? <Alert tone="error">{c.error}</Alert> : null}
              <Button type="submit" fullWidth icon={sending ? undefined : <Send size={17} />} isDisabled={sending}>
                {sending ? 'Sending appeal...' : 'Send appeal'}
              </Button>
            </Form>
          </>
        ) : null}
        {state === 'waiting' ? (
          <Alert tone="info" title="Your appeal is waiting for review">
            You can send one appeal at a time. <TextLink href="/aarovel">See your appeal</TextLink>
          </Alert>
        ) : null}
        {state === 'notBanned' ? <NotBanned>There is nothing to appeal.</NotBanned> : null}
        <SignOutButton />
      </div>
    </AuthShell>
  );
}
