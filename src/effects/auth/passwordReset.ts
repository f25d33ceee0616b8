import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../machines/auth/forgotPassword.machine';
import { resetPasswordMachine } from '../../machines/auth/resetPassword.machine';
import { clientOf } from '../shell/api';
import { createAuthApi } from '../../api/auth/client';

const api = clientOf(createAuthApi);

/** The machines of /forgot-password and /reset-password with their real effects. */
export function passwordResetLogic() {
  return {
    forgotPassword: forgotPasswordMachine.provide({
      actors: { forgotPassword: fromPromise(({ input }: { input: { email: string } }) => api.auth.forgotPassword(input)) },
    }),
    resetPassword: resetPasswordMachine.provide({
      actors: {
        resetPassword: fromPromise(({ input }: { input: { token: string; password: string; confirmPassword: string } }) =>
          api.auth.resetPassword(input.token, { password: input.password, confirmPassword: input.confirmPassword }),
        ),
      },
    }),
  };
}
