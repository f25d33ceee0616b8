import { useActorRef, useSelector } from '@xstate/react';
import { KeyRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { PasswordField } from '../components/PasswordField';
import { journal } from '../../effects/journal';
import { PASSWORDS_HINT, type resetPasswordMachine } from '../../machines/resetPassword.machine';
import { TextLink } from './TextLink';

/** New Password and Confirm Password (each with show/hide), 'Reset Password', and the banner. */
export function ResetPasswordForm({ logic, token }: { logic: typeof resetPasswordMachine; token: string | null }) {
  const actor = useActorRef(logic, { input: { token }, inspect: journal.inspect });
  const context = useSelector(actor, (s) => s.context);
  const missingToken = useSelector(actor, (s) => s.matches('missingToken'));
  const resetting = useSelector(actor, (s) => s.matches('resetting'));
  const outcome = useSelector(actor, (s) => (s.matches({ ready: 'success' }) ? 'success' : s.matches({ ready: 'error' }) ? 'error' : null));
  const canReset = useSelector(actor, (s) => s.can({ type: 'reset.submit' }));

  if (missingToken) {
    return (
      <Alert
        tone="error"
        title="This reset link is incomplete"
        action={<TextLink href="/forgot-password">Request a new reset link</TextLink>}
      >
        The link you followed has no reset token. Ask for a new link and open it from the email.
      </Alert>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'reset.submit' });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Create New Password" className="flex flex-col gap-5">
      {outcome && context.message ? <Alert tone={outcome}>{context.message}</Alert> : null}
      <PasswordField
        label="New Password"
        name="password"
        autoComplete="new-password"
        value={context.password}
        onChange={(value) => actor.send({ type: 'reset.change', field: 'password', value })}
        isReadOnly={resetting}
        isRequired
      />
      <PasswordField
        label="Confirm Password"
        name="confirmPassword"
        autoComplete="new-password"
        description={PASSWORDS_HINT}
        value={context.confirmPassword}
        onChange={(value) => actor.send({ type: 'reset.change', field: 'confirmPassword', value })}
        isReadOnly={resetting}
        isRequired
      />
      <Button type="submit" size="lg" fullWidth isDisabled={!canReset} icon={resetting ? undefined : <KeyRound size={18} />}>
        {resetting ? 'Resetting password...' : 'Reset Password'}
      </Button>
    </form>
  );
}
