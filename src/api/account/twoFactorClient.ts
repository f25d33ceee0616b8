import type { $Fetch } from 'ofetch';
import type { MessageResponse } from '../auth/schemas';
import { paths } from '../paths';
import type {
  EnableTwoFactorBody,
  PasswordAndCodeBody,
  RecoveryCodesResponse,
  SignedIn,
  TwoFactorSetup,
  TwoFactorSignInBody,
  TwoFactorStatus,
} from './twoFactor';

/** The two-factor part of the typed client: the settings calls and the sign-in's second step. */
export function createTwoFactorApi(http: $Fetch) {
  return {
    twoFactor: {
      status: () => http<TwoFactorStatus>(paths.twoFactor.status),
      setup: () => http<TwoFactorSetup>(paths.twoFactor.setup, { method: 'POST' }),
      enable: (body: EnableTwoFactorBody) => http<RecoveryCodesResponse>(paths.twoFactor.enable, { method: 'POST', body }),
      disable: (body: PasswordAndCodeBody) => http<MessageResponse>(paths.twoFactor.disable, { method: 'POST', body }),
      recoveryCodes: (body: PasswordAndCodeBody) => http<RecoveryCodesResponse>(paths.twoFactor.recoveryCodes, { method: 'POST', body }),
      signIn: (body: TwoFactorSignInBody) => http<SignedIn>(paths.twoFactor.signIn, { method: 'POST', body }),
    },
  };
}

export type TwoFactorApi = ReturnType<typeof createTwoFactorApi>;
