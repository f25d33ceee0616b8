import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { sessionsMachine } from '../../machines/account/sessions.machine';
import { api as defaultApi } from '../shell/api';
import { bridgeActions, type HasSystem } from '../shell/bridge';

/** The sessions machine with its real effects (the typed client, the app's toasts), bound to one app actor. */
export function accountSessionsLogic(app: HasSystem, { api = defaultApi }: { api?: ApiClient } = {}) {
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
