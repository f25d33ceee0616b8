import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { ChangePasswordBody } from '../../api/users';
import { changePasswordMachine } from '../../machines/auth/changePassword.machine';
import { bridgeActions } from '../shell/bridge';

/** The change-password form with its effects (the admin's profile page and the member's tab). */
export function changePasswordLogic(api: Pick<ApiClient, 'users'>, bridge: Pick<ReturnType<typeof bridgeActions>, 'login'>) {
  return changePasswordMachine.provide({
    actors: { changePassword: fromPromise(({ input }: { input: ChangePasswordBody }) => api.users.changePassword(input)) },
    actions: { loggedIn: bridge.login },
  });
}
