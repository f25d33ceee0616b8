import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { ChangePasswordActorRef, PasswordField as PasswordFieldName } from '../../../machines/auth/changePassword.machine';
import { isSavingPassword, passwordDraft, passwordErrorsShown, passwordMessage } from '../../../machines/auth/changePassword.connect';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/PasswordField';

/** The three password fields, the errors and the confirmation, all from a changePassword actor. */
export function PasswordForm({
  actor,
  ...label
}: { actor: ChangePasswordActorRef } & ({ 'aria-labelledby': string } | { 'aria-label': string })) {
  const saving = useSelector(actor, isSavingPassword);
  const draft = useSelector(actor, passwordDraft);
  const errors = useSelector(actor, passwordErrorsShown);
  const message = useSelector(actor, passwordMessage);
  const change = (field: PasswordFieldName) => (value: string) => actor.send({ type: 'password.change', field, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'password.submit' });
  };
  return (
    <Form {...label} onSubmit={submit} className="flex max-w-md flex-col gap-3">
      <PasswordField
        label="Current password"
        value={draft.currentPassword}
        errorMessage={errors.currentPassword}
        isDisabled={saving}
        onChange={change('currentPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        description="At least 8 characters, different from the current one."
        value={draft.newPassword}
        errorMessage={errors.newPassword}
        isDisabled={saving}
        onChange={change('newPassword')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        value={draft.confirmPassword}
        errorMessage={errors.confirmPassword}
        isDisabled={saving}
        onChange={change('confirmPassword')}
      />
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      {message ? <Alert tone="success">{message}</Alert> : null}
      <div>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Updating...' : 'Update password'}
        </Button>
      </div>
    </Form>
  );
}
