import { useSelector } from '@xstate/react';
import { AtSign, LogIn } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { Alert } from '../../ui/Alert';
import { isAskingForCode, isSigningIn, isSigningInWithGoogle, signInForm } from '../../../machines/auth/signIn.connect';
import { SecondFactorForm } from './SecondFactorForm';
import { useScreenActor } from '../../shared/useScreenActor';
import { useAuthLogic } from '../AuthLogic';
import { GoogleButton, OrDivider } from './GoogleButton';
import type { GoogleOptionActorRef } from '../../../machines/auth/googleOption.machine';
import { TextLink } from '../TextLink';

export interface SignInFormProps {
  admin?: boolean;
  /** Shown as 'Sign up' under the form; the auth tabs switch to the sign-up tab. */
  onSwitchToSignUp?: () => void;
  /** Whether the server offers Google (AuthTabs shares one between both forms). */
  googleOption?: GoogleOptionActorRef;
}

/** The sign-in form: renders the machine's snapshot and sends what the member does. */
export function SignInForm({ admin = false, onSwitchToSignUp, googleOption }: SignInFormProps) {
  const actor = useScreenActor(useAuthLogic().signIn, { input: { admin } });
  const context = useSelector(actor, signInForm);
  const submitting = useSelector(actor, isSigningIn);
  const google = useSelector(actor, isSigningInWithGoogle);
  const busy = submitting || google;
  const askingForCode = useSelector(actor, isAskingForCode);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'signIn.submit' });
  };

  if (askingForCode || (context.challenge !== null && busy)) return <SecondFactorForm actor={actor} />;
  return (
    <form noValidate onSubmit={submit} aria-label={admin ? 'Admin sign in' : 'Sign in'} className="flex flex-col gap-5">
      {context.error ? <Alert tone="error">{context.error}</Alert> : null}
      <TextField
        label="Email or username"
        name="username"
        autoComplete="username"
        icon={<AtSign size={18} />}
        value={context.usernameOrEmail}
        onChange={(value) => actor.send({ type: 'signIn.change', field: 'usernameOrEmail', value })}
        errorMessage={context.fieldErrors.usernameOrEmail}
        isReadOnly={busy}
        isRequired
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={context.password}
        onChange={(value) => actor.send({ type: 'signIn.change', field: 'password', value })}
        errorMessage={context.fieldErrors.password}
        isReadOnly={busy}
        isRequired
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Checkbox isSelected={context.rememberMe} onChange={(value) => actor.send({ type: 'signIn.rememberMe', value })} isDisabled={busy}>
          Remember me
        </Checkbox>
        <TextLink href="/forgot-password" className="text-sm">
          Forgot password?
        </TextLink>
      </div>
      <Button type="submit" size="lg" fullWidth isDisabled={busy} icon={submitting ? undefined : <LogIn size={18} />}>
        {submitting ? 'Logging in...' : 'Sign in'}
      </Button>
      {admin ? null : (
        <>
          <OrDivider />
          <GoogleButton busy={google} isDisabled={busy} onPress={() => actor.send({ type: 'signIn.google' })} option={googleOption} />
        </>
      )}
      {onSwitchToSignUp ? (
        <p className="text-center text-sm text-neutral-700 dark:text-neutral-300">
          New to Stoa?{' '}
          <button
            type="button"
            onClick={onSwitchToSignUp}
            className="font-semibold text-accent-strong underline-offset-4 hover:underline rounded-sm dark:text-accent cursor-pointer"
          >
            Sign up
          </button>
        </p>
      ) : null}
    </form>
  );
}
