import { useActorRef, useSelector } from '@xstate/react';
import { Mail, Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { journal } from '../../effects/debug/journal';
import type { forgotPasswordMachine } from '../../machines/auth/forgotPassword.machine';

/** One Email Address field and 'Send Reset Link', with the banner of the last attempt. */
export function ForgotPasswordForm({ logic }: { logic: typeof forgotPasswordMachine }) {
  const actor = useActorRef(logic, { inspect: journal.inspect });
  const email = useSelector(actor, (s) => s.context.email);
  const message = useSelector(actor, (s) => s.context.message);
  const sending = useSelector(actor, (s) => s.matches('sending'));
  const outcome = useSelector(actor, (s) => (s.matches({ ready: 'success' }) ? 'success' : s.matches({ ready: 'error' }) ? 'error' : null));
  const canSend = useSelector(actor, (s) => s.can({ type: 'forgot.submit' }));

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
