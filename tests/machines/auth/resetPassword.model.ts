import { resetPasswordMachine } from '../../../src/machines/auth/resetPassword.machine';
import { apiFailure, networkFailure } from '../../fixtures/auth';
import { type MachineModel } from '../cover';

export const expired = apiFailure('This reset link is invalid or has expired', 400);
const model = {
  events: [
    { type: 'reset.change', field: 'password', value: 'new-secret-1' },
    { type: 'reset.change', field: 'password', value: '' },
    { type: 'reset.change', field: 'confirmPassword', value: 'new-secret-1' },
    { type: 'xstate.done.actor.resetPassword', output: { message: 'Your password has been changed' } },
    { type: 'xstate.done.actor.resetPassword', output: { message: '' } },
    { type: 'xstate.error.actor.resetPassword', error: expired },
    { type: 'xstate.error.actor.resetPassword', error: networkFailure },
  ],
};

export const resetPasswordModel: MachineModel = {
  name: 'resetPassword',
  machine: resetPasswordMachine,
  covers: ['reset-token-1', null, '  '].map((token) => ({
    label: `token ${JSON.stringify(token)}`,
    options: { ...model, input: { token } },
  })),
};
