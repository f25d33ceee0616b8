import { useSelector } from '@xstate/react';
import { ArrowLeft, KeyRound, ShieldCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { isVerifyingCode, signInForm } from '../../../machines/auth/signIn.connect';
import type { signInMachine } from '../../../machines/auth/signIn.machine';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';

/** The sign-in's second step: a code from the authenticator app, or one of the recovery codes. */
export function SecondFactorForm({ actor }: { actor: ActorRefFrom<typeof signInMachine> }) {
  const context = useSelector(actor, signInForm);
  const verifying = useSelector(actor, isVerifyingCode);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'signIn.code.submit' });
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Two-factor sign-in" className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <ShieldCheck size={22} className="mt-0.5 shrink-0 text-accent-strong dark:text-accent" aria-hidden />
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {context.recovery
            ? 'Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for Stoa.'}
        </p>
      </div>
      {context.error ? <Alert tone="error">{context.error}</Alert> : null}
      <TextField
        key={context.recovery ? 'recovery' : 'app'}
        label={context.recovery ? 'Recovery code' : 'Authentication code'}
        name="code"
        autoComplete="one-time-code"
        inputMode={context.recovery ? 'text' : 'numeric'}
        icon={<KeyRound size={18} />}
        value={context.code}
        onChange={(value) => actor.send({ type: 'signIn.code.change', field: 'code', value })}
        errorMessage={context.codeError ?? undefined}
        isReadOnly={verifying}
        isRequired
        autoFocus
      />
      <Button type="submit" size="lg" fullWidth isDisabled={verifying}>
        {verifying ? 'Checking...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <Button
          variant="ghost"
          size="sm"
          icon={<ArrowLeft size={16} />}
          isDisabled={verifying}
          onPress={() => actor.send({ type: 'signIn.code.back' })}
        >
          Back
        </Button>
        <Button
          variant="ghost"
          size="sm"
          isDisabled={verifying}
          onPress={() => actor.send({ type: 'signIn.code.recovery', value: !context.recovery })}
        >
          {context.recovery ? 'Use a code from your app' : 'Use a recovery code'}
        </Button>
      </div>
    </form>
  );
}
