import { useSelector } from '@xstate/react';
import { Mail, Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { canSendLink, forgotEmail, forgotMessage, forgotOutcome, isSendingLink } from '../../../machines/auth/forgotPassword.connect';
import { useScreenActor } from '../../shared/useScreenActor';
import { usePasswordResetLogic } from '../PasswordResetLogic';

/** One Email Address field and 'Send Reset Link', with the banner of the last attempt. */
export function ForgotPasswordForm() {
  const actor = useScreenActor(usePasswordResetLogic().forgotPassword);
  const email = useSelector(actor, forgotEmail);
  const message = useSelector(actor, forgotMessage);
  const sending = useSelector(actor, isSendingLink);
  const outcome = useSelector(actor, forgotOutcome);
  const canSend = useSelector(actor, canSendLink);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'forgot.submit' });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Reset Password" className="flex flex-col gap-5">
      {outcome && message ? <Alert tone={outcome}>{message}</Alert> : null}
      <TextField
        label="Email Address"
        name="email"
        type="email"
        autoComplete="email"
        icon={<Mail size={18} />}
        placeholder="you@example.com"
        value={email}
        onChange={(value) => actor.send({ type: 'forgot.change', email: value })}
        isReadOnly={sending}
        isRequired
      />
      <Button type="submit" size="lg" fullWidth isDisabled={!canSend} icon={sending ? undefined : <Send size={18} />}>
        {sending ? 'Sending link...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
