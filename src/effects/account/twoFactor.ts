import { fromPromise } from 'xstate';
import type { PasswordAndCodeBody } from '../../api/account/twoFactor';
import { twoFactorMachine } from '../../machines/account/twoFactor.machine';
import { clientOf } from '../shell/api';
import { createTwoFactorApi } from '../../api/account/client';

const api = clientOf(createTwoFactorApi);

/** Settings > Security's two-factor section with its API calls. */
export function twoFactorLogic() {
  return twoFactorMachine.provide({
    actors: {
      loadStatus: fromPromise(() => api.twoFactor.status()),
      startSetup: fromPromise(() => api.twoFactor.setup()),
      enable: fromPromise(({ input }: { input: { code: string } }) => api.twoFactor.enable(input)),
      disable: fromPromise(({ input }: { input: PasswordAndCodeBody }) => api.twoFactor.disable(input)),
      newCodes: fromPromise(({ input }: { input: PasswordAndCodeBody }) => api.twoFactor.recoveryCodes(input)),
    },
  });
}

export type TwoFactorLogic = ReturnType<typeof twoFactorLogic>;
