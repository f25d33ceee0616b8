import { authApi as api } from '../shell/api';
import type { HasSystem, Navigate } from '../shell/bridge';
import { authActorsOf, authFormsLogic } from './authForms';

export { GOOGLE_UNAVAILABLE } from '../../machines/auth/authForm';

/** The actors that call the API for the auth screens (the app's API client). */
export const authActors = authActorsOf(api);

/**
 * The sign-in and sign-up forms' machines with their real effects and the app's API client, bound
 * to one app actor; the area guard's are in effects/session/guard.ts, the password reset pages' in
 * effects/auth/passwordReset.ts (neither on the sign-in page's load). The light sign-in page
 * (src/signInEntry.tsx) builds the same forms with the sign-in part of the client alone.
 */
export function authLogic(app: HasSystem, navigate?: Navigate) {
  return authFormsLogic(app, api, navigate);
}
export type AuthLogic = ReturnType<typeof authLogic>;
