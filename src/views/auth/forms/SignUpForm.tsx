import { useSelector } from '@xstate/react';
import { KeyRound, Mail, User, UserPlus } from 'lucide-react';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { PASSWORD_HINT, type SignUpField } from '../../../machines/auth/signUp.machine';
import { hasFieldErrors, isSignUpBusy, isSigningUp, isSigningUpWithGoogle, signUpForm } from '../../../machines/auth/signUp.connect';
import { useScreenActor } from '../../shared/useScreenActor';
import { useAuthLogic } from '../AuthLogic';
import { GoogleButton, OrDivider } from './GoogleButton';
import type { GoogleOptionActorRef } from '../../../machines/auth/googleOption.machine';

export interface SignUpFormProps {
  admin?: boolean;
  /** The 'Sign in' switch under the form (a tab switch on /, a link on /admin/signup). */
  signInSwitch?: ReactNode;
  /** Whether the server offers Google (AuthTabs shares one between both forms). */
  googleOption?: GoogleOptionActorRef;
}

/** The sign-up form: Username, Email, Password (and an invite code for admins). */
export function SignUpForm({ admin = false, signInSwitch, googleOption }: SignUpFormProps) {
  const actor = useScreenActor(useAuthLogic().signUp, { input: { admin } });
  const context = useSelector(actor, signUpForm);
  const submitting = useSelector(actor, isSigningUp);
  const google = useSelector(actor, isSigningUpWithGoogle);
  const busy = useSelector(actor, isSignUpBusy);
  const change = (field: SignUpField) => (value: string) => actor.send({ type: 'signUp.change', field, value });
  const form = useRef<HTMLFormElement>(null);
  // The messages sit at their fields, not in an alert: the keyboard (and a screen reader, which
  // reads the field's description) is taken to the first field at fault once a submit is refused.
  // After React has drawn the messages (it renders before this microtask runs).
  const focusFirstInvalid = () => queueMicrotask(() => form.current?.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus());
  useEffect(() => {
    let wasSubmitting = isSigningUp(actor.getSnapshot());
    const subscription = actor.subscribe((snapshot) => {
      const submitting = isSigningUp(snapshot);
      if (wasSubmitting && !submitting && hasFieldErrors(snapshot)) focusFirstInvalid();
      wasSubmitting = submitting;
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'signUp.submit' });
    if (hasFieldErrors(actor.getSnapshot())) focusFirstInvalid();
  };

  return (
    <form ref={form} noValidate onSubmit={submit} aria-label={admin ? 'Admin sign up' : 'Sign up'} className="flex flex-col gap-5">
      {context.error ? <Alert tone="error">{context.error}</Alert> : null}
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        icon={<User size={18} />}
        value={context.username}
        onChange={change('username')}
        errorMessage={context.fieldErrors.username}
        isReadOnly={busy}
        isRequired
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        icon={<Mail size={18} />}
        value={context.email}
        onChange={change('email')}
        errorMessage={context.fieldErrors.email}
        isReadOnly={busy}
        isRequired
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        // The server's 'too short' says the hint's own words: once is enough.
        description={context.fieldErrors.password === PASSWORD_HINT ? undefined : PASSWORD_HINT}
        value={context.password}
        onChange={change('password')}
        errorMessage={context.fieldErrors.password}
        isReadOnly={busy}
        isRequired
      />
      {admin ? (
        <TextField
          label="Invite code"
          name="inviteCode"
          autoComplete="off"
          icon={<KeyRound size={18} />}
          description="Given to you by an administrator of this Stoa."
          value={context.inviteCode}
          onChange={change('inviteCode')}
          errorMessage={context.fieldErrors.inviteCode}
          isReadOnly={busy}
          isRequired
        />
      ) : null}
      <Button type="submit" size="lg" fullWidth isDisabled={busy} icon={submitting ? undefined : <UserPlus size={18} />}>
        {submitting ? 'Creating account...' : 'Create account'}
      </Button>
      {admin ? null : (
        <>
          <OrDivider />
          <GoogleButton busy={google} isDisabled={busy} onPress={() => actor.send({ type: 'signUp.google' })} option={googleOption} />
        </>
      )}
      {signInSwitch ? <p className="text-center text-sm text-neutral-700 dark:text-neutral-300">{signInSwitch}</p> : null}
    </form>
  );
}
