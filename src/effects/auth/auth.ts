import { fromPromise } from 'xstate';
import type { TwoFactorSignInBody } from '../../api/account/twoFactor';
import { GOOGLE_LOAD_FAILED, type GoogleSignInInput, type GoogleSignInOutput } from '../../machines/auth/authForm';
import { googleOptionMachine } from '../../machines/auth/googleOption.machine';
import { signInMachine, type SignInRequest } from '../../machines/auth/signIn.machine';
import { signUpMachine, type SignUpRequest } from '../../machines/auth/signUp.machine';
import { api } from '../shell/api';
import { createAvatar } from './avatar';
import { bridgeActions, type HasSystem, type Navigate } from '../shell/bridge';
import { currentUser, guardLogic } from '../session/guard';
import type { FirebaseModules } from './google';

export { GOOGLE_UNAVAILABLE } from '../../machines/auth/authForm';

type GoogleFlow = (input: GoogleSignInInput) => Promise<GoogleSignInOutput>;
let googleFlow: Promise<GoogleFlow> | null = null;

/** Firebase: imported here, and run only on a press of the Google button (its own chunks). */
async function importFirebase(): Promise<FirebaseModules> {
  const [app, auth] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
  return { app, auth };
}

/**
 * The Google flow (src/effects/auth/google.ts) is loaded on the first press of the Google button, and
 * Firebase by the flow once the server's config says Google is on, so none of it weighs on the
 * first page. A failed load is retried on the next press.
 */
function loadGoogleFlow(): Promise<GoogleFlow> {
  googleFlow ??= import('./google').then(
    ({ createGoogleSignIn }) => createGoogleSignIn({ api, load: importFirebase }),
    () => {
      googleFlow = null;
      throw new Error(GOOGLE_LOAD_FAILED);
    },
  );
  return googleFlow;
}

/** The actors that call the API for the auth screens. */
export const authActors = {
  signIn: fromPromise(({ input }: { input: SignInRequest }) => {
    const { admin, ...credentials } = input;
    return admin ? api.auth.adminSignIn(credentials) : api.auth.signIn({ provider: 'local', ...credentials });
  }),
  checkUser: fromPromise(({ input }: { input: { authId: string; token: string } }) => api.auth.checkUser(input.authId, input.token)),
  verifyCode: fromPromise(({ input }: { input: TwoFactorSignInBody }) => api.twoFactor.signIn(input)),
  signUp: fromPromise(async ({ input }: { input: SignUpRequest }) => {
    const { admin, inviteCode, ...fields } = input;
    const body = { ...fields, ...createAvatar(fields.username) };
    return admin ? api.auth.adminSignUp({ ...body, inviteCode: inviteCode ?? '' }) : api.auth.signUp(body);
  }),
  /**
   * Google sign-in (src/effects/auth/google.ts): only when the server's config enables it; Firebase
   * popup, POST /signin {provider:'google'} with remember-me, then the user check.
   */
  googleSignIn: fromPromise<GoogleSignInOutput, GoogleSignInInput>(async ({ input }) => (await loadGoogleFlow())(input)),
  currentUser,
};

/**
 * The sign-in page's machines (and the area guard's) with their real effects, bound to one app
 * actor; the password reset pages have theirs in effects/auth/passwordReset.ts (not on the
 * sign-in page's load).
 */
export function authLogic(app: HasSystem, navigate?: Navigate) {
  const bridge = bridgeActions(app, navigate);
  return {
    signIn: signInMachine.provide({
      actors: {
        signIn: authActors.signIn,
        verifyCode: authActors.verifyCode,
        checkUser: authActors.checkUser,
        googleSignIn: authActors.googleSignIn,
      },
      actions: { login: bridge.login, navigate: bridge.navigate },
    }),
    signUp: signUpMachine.provide({
      actors: { signUp: authActors.signUp, googleSignIn: authActors.googleSignIn },
      actions: { login: bridge.login, navigate: bridge.navigate },
    }),
    guard: guardLogic(app, navigate),
    googleOption: googleOptionMachine.provide({ actors: { fetchConfig: fromPromise(() => api.config()) } }),
  };
}
export type AuthLogic = ReturnType<typeof authLogic>;
