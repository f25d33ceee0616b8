import { forgotPasswordMachine } from '../../../src/machines/auth/forgotPassword.machine';
import { apiFailure, networkFailure } from '../../fixtures/auth';
import { type MachineModel } from '../cover';

export const unknownEmail = apiFailure('No account uses this email', 404);
const model = {
  events: [
    { type: 'forgot.change', email: 'alice@example.com' },
    { type: 'forgot.change', email: ' ' },
    { type: 'xstate.done.actor.forgotPassword', output: { message: 'Check your inbox' } },
    { type: 'xstate.done.actor.forgotPassword', output: { message: '' } },
    { type: 'xstate.error.actor.forgotPassword', error: unknownEmail },
    { type: 'xstate.error.actor.forgotPassword', error: networkFailure },
  ],
};

export const forgotPasswordModel: MachineModel = {
  name: 'forgotPassword',
  machine: forgotPasswordMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
