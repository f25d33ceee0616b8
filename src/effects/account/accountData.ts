import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { accountDataMachine } from '../../machines/account/accountData.machine';
import { clientOf } from '../shell/api';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { createAccountDataApi } from '../../api/account/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'accountData'>;

const defaultApi: Calls = clientOf(createAccountDataApi);

/** The browser follows the archive's address; the server answers it as an attachment, so the page stays. */
export function followDownload(url: string): void {
  window.location.assign(url);
}

/** The "Your data" machine with its real effects, bound to one app actor. */
export function accountDataLogic(
  app: HasSystem,
  { api = defaultApi, openDownload = followDownload }: { api?: Calls; openDownload?: (url: string) => void } = {},
) {
  const bridge = bridgeActions(app);
  return {
    accountData: accountDataMachine.provide({
      actors: {
        fetchExport: fromPromise(() => api.accountData.exportState()),
        startExport: fromPromise(() => api.accountData.startExport()),
        exportLink: fromPromise(() => api.accountData.exportLink()),
        fetchDeletion: fromPromise(() => api.accountData.deletionState()),
        scheduleDeletion: fromPromise(({ input }: { input: { password: string; code?: string } }) =>
          api.accountData.scheduleDeletion(input),
        ),
        cancelDeletion: fromPromise(() => api.accountData.cancelDeletion()),
      },
      actions: {
        showToast: bridge.showToast,
        openDownload: (_, url: string) => openDownload(url),
      },
    }),
  };
}

export type AccountDataLogic = ReturnType<typeof accountDataLogic>;
