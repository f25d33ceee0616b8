import { useSelector } from '@xstate/react';
import { Download, KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import type { FormEvent } from 'react';
import { ADMIN_TWO_FACTOR_REQUIRED } from '../../../api/account/words';
import {
  isTwoFactorBusy,
  isTwoFactorRequiredNow,
  recoveryCodesText,
  selectTwoFactor,
  twoFactorPanel,
} from '../../../machines/account/twoFactor.connect';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { LoadError } from '../../ui/LoadError';
import { PasswordField } from '../../ui/PasswordField';
import { Skeleton } from '../../ui/Skeleton';
import { TextField } from '../../ui/TextField';
import { useScreenActor } from '../../shared/useScreenActor';
import { useTwoFactorLogic } from './TwoFactorLogic';
import { copyText } from '../../../effects/shell/clipboard';

const card = 'flex flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900';
const hint = 'text-sm text-neutral-600 dark:text-neutral-400';

/** Settings > Security: two-factor sign-in with an authenticator app. */
export function TwoFactorSection() {
  const actor = useScreenActor(useTwoFactorLogic());
  const panel = useSelector(actor, twoFactorPanel);
  const context = useSelector(actor, selectTwoFactor);
  const busy = useSelector(actor, isTwoFactorBusy);
  const requiredNow = useSelector(actor, isTwoFactorRequiredNow);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'twoFactor.submit' });
  };
  const codeField = (label: string) => (
    <TextField
      label={label}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      icon={<KeyRound size={18} />}
      value={context.code}
      onChange={(value) => actor.send({ type: 'twoFactor.change', field: 'code', value })}
      isReadOnly={busy}
    />
  );

  if (panel === 'loading') return <Skeleton className="h-32 w-full rounded-2xl" />;
  if (panel === 'failed')
    return (
      <LoadError title="Could not load two-factor sign-in" onRetry={() => actor.send({ type: 'twoFactor.retry' })}>
        {context.error}
      </LoadError>
    );

  return (
    <section id="two-factor" aria-labelledby="two-factor-title" className={card}>
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="two-factor-title" className="font-semibold text-neutral-900 dark:text-white">
            Two-factor sign-in
          </h2>
          <p className={hint}>
            {context.status?.enabled
              ? `On. Signing in with your password also asks for a code from your authenticator app. ${context.status.recoveryCodesLeft} recovery codes left.`
              : 'Off. Add a code from an authenticator app to your password sign-in.'}
          </p>
        </div>
        {context.status?.enabled ? (
          <ShieldCheck aria-hidden="true" className="shrink-0 text-green-700 dark:text-green-400" />
        ) : (
          <ShieldOff aria-hidden="true" className="shrink-0 text-neutral-500" />
        )}
      </div>
      {requiredNow ? <Alert tone="warning">{ADMIN_TWO_FACTOR_REQUIRED}</Alert> : null}
      {context.error ? <Alert tone="error">{context.error}</Alert> : null}
      {context.message && panel !== 'codes' ? <Alert tone="success">{context.message}</Alert> : null}

      {panel === 'off' ? (
        context.status?.hasPassword === false ? (
          <p className={hint}>Your account signs in with Google, whose own second factor applies.</p>
        ) : (
          <div>
            <Button isDisabled={busy} onPress={() => actor.send({ type: 'twoFactor.start' })}>
              Turn on two-factor sign-in
            </Button>
          </div>
        )
      ) : null}

      {panel === 'confirming' && context.setup ? (
        <form noValidate onSubmit={submit} aria-label="Confirm two-factor sign-in" className="flex flex-col gap-4">
          <p className={hint}>Scan this QR code with your authenticator app, or type the key below, then enter the code it shows.</p>
          <img
            src={context.setup.qrCode}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
            className="rounded-lg bg-white"
          />
          <p className="text-sm text-neutral-800 dark:text-neutral-200">
            Key:{' '}
            <code className="break-all rounded bg-neutral-100 px-1.5 py-0.5 font-mono dark:bg-neutral-800">{context.setup.secret}</code>
          </p>
          {codeField('Code from your app')}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" isDisabled={busy}>
              {busy ? 'Checking...' : 'Turn on'}
            </Button>
            <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'twoFactor.cancel' })}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}

      {panel === 'codes' ? (
        <div className="flex flex-col gap-3">
          {context.message ? <Alert tone="success">{context.message}</Alert> : null}
          <p className={hint}>
            Save these recovery codes somewhere safe. Each signs you in once if you lose your phone. They are shown only now.
          </p>
          <ul
            aria-label="Recovery codes"
            className="grid grid-cols-1 gap-1 font-mono text-sm text-neutral-900 sm:grid-cols-2 dark:text-neutral-100"
          >
            {context.recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <a
              href={`data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesText(context.recoveryCodes))}`}
              download="stoa-recovery-codes.txt"
              className="inline-flex items-center gap-2 rounded-xl border border-neutral-300 px-3 py-1.5 text-sm font-semibold text-neutral-900 outline-none focus-visible:ring-2 focus-visible:ring-accent dark:border-neutral-700 dark:text-neutral-100"
            >
              <Download aria-hidden="true" size={16} /> Download
            </a>
            <Button size="sm" variant="secondary" onPress={() => void copyText(recoveryCodesText(context.recoveryCodes))}>
              Copy
            </Button>
            <Button size="sm" onPress={() => actor.send({ type: 'twoFactor.saved' })}>
              I have saved them
            </Button>
          </div>
        </div>
      ) : null}

      {panel === 'on' ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onPress={() => actor.send({ type: 'twoFactor.ask', intent: 'codes' })}>
            New recovery codes
          </Button>
          <Button size="sm" variant="danger" onPress={() => actor.send({ type: 'twoFactor.ask', intent: 'disable' })}>
            Turn off
          </Button>
        </div>
      ) : null}

      {panel === 'asking' ? (
        <form
          noValidate
          onSubmit={submit}
          aria-label={context.intent === 'codes' ? 'Make new recovery codes' : 'Turn off two-factor sign-in'}
          className="flex flex-col gap-4"
        >
          <p className={hint}>Confirm with your password and a code from your authenticator app.</p>
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={context.password}
            onChange={(value) => actor.send({ type: 'twoFactor.change', field: 'password', value })}
            isReadOnly={busy}
          />
          {codeField('Code from your app')}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant={context.intent === 'codes' ? 'primary' : 'danger'} isDisabled={busy}>
              {context.intent === 'codes' ? 'Make new codes' : 'Turn off two-factor sign-in'}
            </Button>
            <Button variant="secondary" isDisabled={busy} onPress={() => actor.send({ type: 'twoFactor.cancel' })}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
