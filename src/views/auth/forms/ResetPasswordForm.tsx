import { useSelector } from '@xstate/react';
import { KeyRound, LogIn } from 'lucide-react';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../ui/Alert';
import { Button, buttonClasses } from '../../ui/Button';
import { PasswordField } from '../../ui/PasswordField';
import { PASSWORDS_HINT } from '../../../machines/auth/resetPassword.machine';
import {
  canReset as canResetPassword,
  hasResetFailed,
  isMissingToken,
  isPasswordChanged,
  isResetting,
  resetForm,
} from '../../../machines/auth/resetPassword.connect';
import { useScreenActor } from '../../shared/useScreenActor';
import { usePasswordResetLogic } from '../PasswordResetLogic';
import { TextLink } from '../TextLink';

/**
 * New Password and Confirm Password (each with show/hide), 'Reset Password', and the banner.
 * Once the password is changed the token is spent: the banner stays with 'Sign in' in place of the form.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const actor = useScreenActor(usePasswordResetLogic().resetPassword, { input: { token } });
  const context = useSelector(actor, resetForm);
  const missingToken = useSelector(actor, isMissingToken);
  const resetting = useSelector(actor, isResetting);
  const done = useSelector(actor, isPasswordChanged);
  const failed = useSelector(actor, hasResetFailed);
  const canReset = useSelector(actor, canResetPassword);

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

  if (done) return <PasswordChanged message={context.message} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'reset.submit' });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Create New Password" className="flex flex-col gap-5">
      {failed && context.message ? <Alert tone="error">{context.message}</Alert> : null}
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

/** The banner and the way on; focus moves to 'Sign in', as the button that had it is gone. */
function PasswordChanged({ message }: { message: string | null }) {
  const signIn = useRef<HTMLAnchorElement>(null);
  useEffect(() => signIn.current?.focus(), []);
  return (
    <div className="flex flex-col gap-5">
      <Alert tone="success">{message}</Alert>
      <Link ref={signIn} href="/" className={buttonClasses({ size: 'lg', fullWidth: true })}>
        <LogIn aria-hidden="true" size={18} />
        Sign in
      </Link>
    </div>
  );
}
