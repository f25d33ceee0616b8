import type { $Fetch } from 'ofetch';
import type { MessageResponse } from '../auth/schemas';
import { accountDataPaths, accountSessionsPaths, twoFactorPaths } from './paths';
import { createTwoFactorSignInApi } from './twoFactorSignIn';
import type { DataExportState, DeletionBody, DeletionState, ExportLink, ScheduledDeletions } from './data';
import type { AccountSessionsResponse, EndOtherSessionsResponse, EndSessionResponse } from './sessions';
import type { EnableTwoFactorBody, PasswordAndCodeBody, RecoveryCodesResponse, TwoFactorSetup, TwoFactorStatus } from './twoFactor';

/** The account area's typed client (type imports only: no schema, no zod, in the app's entry). */

/** The sessions part of the typed client. */
export function createAccountSessionsApi(http: $Fetch) {
  const { list, end, endOthers } = accountSessionsPaths.accountSessions;
  return {
    accountSessions: {
      list: () => http<AccountSessionsResponse>(list),
      end: (sessionId: string) => http<EndSessionResponse>(end(sessionId), { method: 'DELETE' }),
      endOthers: () => http<EndOtherSessionsResponse>(endOthers, { method: 'DELETE' }),
    },
  };
}

/** The account-data part of the typed client. */
export function createAccountDataApi(http: $Fetch) {
  const paths = accountDataPaths.accountData;
  return {
    accountData: {
      exportState: () => http<DataExportState>(paths.export),
      startExport: () => http<DataExportState>(paths.export, { method: 'POST' }),
      exportLink: () => http<ExportLink>(paths.exportLink, { method: 'POST' }),
      deletionState: () => http<DeletionState>(paths.deletion),
      scheduleDeletion: (body: DeletionBody) => http<DeletionState>(paths.deletion, { method: 'POST', body }),
      cancelDeletion: () => http<DeletionState>(paths.deletion, { method: 'DELETE' }),
      scheduledDeletions: () => http<ScheduledDeletions>(paths.scheduledDeletions),
    },
  };
}

export type AccountDataApi = ReturnType<typeof createAccountDataApi>;

/** The two-factor part of the typed client: the settings calls and the sign-in's second step. */
export function createTwoFactorApi(http: $Fetch) {
  return {
    twoFactor: {
      status: () => http<TwoFactorStatus>(twoFactorPaths.twoFactor.status),
      setup: () => http<TwoFactorSetup>(twoFactorPaths.twoFactor.setup, { method: 'POST' }),
      enable: (body: EnableTwoFactorBody) => http<RecoveryCodesResponse>(twoFactorPaths.twoFactor.enable, { method: 'POST', body }),
      disable: (body: PasswordAndCodeBody) => http<MessageResponse>(twoFactorPaths.twoFactor.disable, { method: 'POST', body }),
      recoveryCodes: (body: PasswordAndCodeBody) =>
        http<RecoveryCodesResponse>(twoFactorPaths.twoFactor.recoveryCodes, { method: 'POST', body }),
      ...createTwoFactorSignInApi(http).twoFactor,
    },
  };
}

export type TwoFactorApi = ReturnType<typeof createTwoFactorApi>;
