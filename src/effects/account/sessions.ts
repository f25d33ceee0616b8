import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { sessionsMachine } from '../../machines/account/sessions.machine';
import { clientOf } from '../shell/api';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { createAccountSessionsApi } from '../../api/account/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'accountSessions'>;

const defaultApi: Calls = clientOf(createAccountSessionsApi);

/** The sessions machine with its real effects (the typed client, the app's toasts), bound to one app actor. */
export function accountSessionsLogic(app: HasSystem, { api = defaultApi }: { api?: Calls } = {}) {
  const bridge = bridgeActions(app);
  return {
    sessions: sessionsMachine.provide({
      actors: {
        fetchSessions: fromPromise(() => api.accountSessions.list()),
        endSession: fromPromise(({ input }: { input: { sessionId: string } }) => api.accountSessions.end(input.sessionId)),
        endOtherSessions: fromPromise(() => api.accountSessions.endOthers()),
      },
      actions: { showToast: bridge.showToast },
    }),
  };
}
