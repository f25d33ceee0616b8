import { changePasswordMachine, type ChangePasswordContext } from '../../../src/machines/auth/changePassword.machine';
import { admin } from '../../fixtures/auth';
import { refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as ChangePasswordContext;
  return JSON.stringify({ value: snapshot.value, draft: c.draft, errors: c.errors, message: c.message });
};

export const GOOD = { currentPassword: 'old-secret-1', newPassword: 'new-secret-2', confirmPassword: 'new-secret-2' };
export const MISMATCH = { ...GOOD, confirmPassword: 'new-secret-3' };
const ANSWER = { message: 'Password changed successfully', token: 'fresh-token', user: admin };

const model = {
  serialize,
  events: [
    { type: 'password.change', field: 'currentPassword', value: GOOD.currentPassword },
    { type: 'password.change', field: 'newPassword', value: GOOD.newPassword },
    { type: 'password.change', field: 'confirmPassword', value: GOOD.confirmPassword },
    { type: 'password.change', field: 'confirmPassword', value: MISMATCH.confirmPassword },
    { type: 'xstate.done.actor.changePassword', output: ANSWER },
    { type: 'xstate.error.actor.changePassword', error: refused('Current password is incorrect', 400) },
  ] as ModelEvent[],
  filter: (snapshot: { context: unknown }, event: ModelEvent) => {
    const c = snapshot.context as ChangePasswordContext;
    // The fields are filled in order, each once; one round of each outcome: bounded.
    if (event.type === 'password.change') {
      if (c.message !== null || c.errors.form) return false;
      if (event.field === 'currentPassword') return c.draft.currentPassword === '';
      if (event.field === 'newPassword') return c.draft.currentPassword !== '' && c.draft.newPassword === '';
      return c.draft.newPassword !== '' && c.draft.confirmPassword === '';
    }
    if (event.type === 'password.submit') return c.message === null && !c.errors.form;
    return true;
  },
};

export const changePasswordModel: MachineModel = {
  name: 'changePassword',
  machine: changePasswordMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
