import { fromPromise } from 'xstate';
import { authGuardMachine } from '../../machines/session/authGuard.machine';
import { api } from '../shell/api';
import { bridgeActions, type HasSystem, type Navigate } from '../shell/bridge';

/** Who the stored token belongs to (the guards' check, and the auth screens'). */
export const currentUser = fromPromise(() => api.auth.currentUser());

/**
 * The guard of the member and admin areas with its real effects, bound to one app actor. Apart
 * from the other auth machines (effects/auth/auth.ts), so a member's page does not load the sign-in
 * forms' machines.
 */
export function guardLogic(app: HasSystem, navigate?: Navigate) {
  const bridge = bridgeActions(app, navigate);
  return authGuardMachine.provide({
    actors: { currentUser },
    actions: {
      login: bridge.login,
      clearSession: bridge.clearSession,
      logoutSession: bridge.logoutSession,
      showToast: bridge.showToast,
      navigate: bridge.navigate,
    },
  });
}
