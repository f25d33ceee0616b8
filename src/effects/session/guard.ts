import { fromPromise } from 'xstate';
import type { User } from '../../api/auth';
import { authGuardMachine, type AuthGuardEvent } from '../../machines/session/authGuard.machine';
import { clientOf } from '../shell/api';
import { bridgeActions, type HasSystem, type Navigate } from '../shell/bridge';
import { storage } from '../shell/storage';
import { keepProfile, recallProfile } from '../offline/kept';
import { backOnlineActor, browserOnline } from '../offline/connectivity';
import { offlineFailure } from '../offline/keptLoad';
import { createAuthApi } from '../../api/auth/client';

const api = clientOf(createAuthApi);

/** The guard's check: not sent while the browser is offline (asking would only fail, and log a failed request). */
const guardCheck = fromPromise(() => (browserOnline() ? api.auth.currentUser() : Promise.reject(offlineFailure())));

/** `guard.online` each time the app's connectivity machine comes (back) online; not for the state it starts in. */
export const reconnectionActor = (app: HasSystem) => backOnlineActor(app, { type: 'guard.online' } satisfies AuthGuardEvent);

/**
 * The guard of the member and admin areas with its real effects, bound to one app actor. Apart
 * from the other auth machines (effects/auth/auth.ts), so a member's page does not load the sign-in
 * forms' machines.
 */
export function guardLogic(app: HasSystem, navigate?: Navigate) {
  const bridge = bridgeActions(app, navigate);
  return authGuardMachine.provide({
    actors: {
      currentUser: guardCheck,
      keptProfile: fromPromise(() => recallProfile(storage.token())),
      reconnection: reconnectionActor(app),
    },
    actions: {
      login: bridge.login,
      keepProfile: (_, { token, user }: { token: string; user: User }) => void keepProfile(token, user),
      clearSession: bridge.clearSession,
      showToast: bridge.showToast,
      navigate: bridge.navigate,
    },
  });
}
