import { useActorRef, useSelector } from '@xstate/react';
import { KeyRound, Mail, User, UserPlus } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { PasswordField } from '../ui/PasswordField';
import { TextField } from '../ui/TextField';
import { journal } from '../../effects/debug/journal';
import { PASSWORD_HINT, type signUpMachine, type SignUpField } from '../../machines/auth/signUp.machine';
import { GoogleButton, OrDivider } from './GoogleButton';
import type { GoogleOptionActorRef } from '../../machines/auth/googleOption.machine';

export interface SignUpFormProps {
  logic: typeof signUpMachine;
  admin?: boolean;
  /** The 'Sign in' switch under the form (a tab switch on /, a link on /admin/signup). */
  signInSwitch?: ReactNode;
  /** Whether the server offers Google (AuthTabs shares one between both forms). */
  googleOption?: GoogleOptionActorRef;
}

/** The sign-up form: Username, Email, Password (and an invite code for admins). */
export function SignUpForm({ logic, admin = false, signInSwitch, googleOption }: SignUpFormProps) {
  const actor = useActorRef(logic, { input: { admin }, inspect: journal.inspect });
  const context = useSelector(actor, (s) => s.context);
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const google = useSelector(actor, (s) => s.matches('google'));
  const done = useSelector(actor, (s) => s.matches('success'));
  const busy = submitting || google || done;
  const change = (field: SignUpField) => (value: string) => actor.send({ type: 'signUp.change', field, value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'signUp.submit' });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={admin ? 'Admin sign up' : 'Sign up'} className="flex flex-col gap-5">
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
        description={PASSWORD_HINT}
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
