import { fromPromise } from 'xstate';
import type { TwoFactorSignInBody } from '../../api/account/twoFactor';
import type { ClientConfig } from '../../api/config';
import type { SignInApiClient } from '../../api/http';
import { GOOGLE_LOAD_FAILED, type GoogleSignInInput, type GoogleSignInOutput } from '../../machines/auth/authForm';
import { googleOptionMachine } from '../../machines/auth/googleOption.machine';
import { signInMachine, type SignInRequest } from '../../machines/auth/signIn.machine';
import { signUpMachine, type SignUpRequest } from '../../machines/auth/signUp.machine';
import { bridgeActions, type HasSystem, type Navigate } from '../shell/bridge';
import type { FirebaseModules } from './google';

type GoogleFlow = (input: GoogleSignInInput) => Promise<GoogleSignInOutput>;

/** Firebase: imported here, and run only on a press of the Google button (its own chunks). */
async function importFirebase(): Promise<FirebaseModules> {
  const [app, auth] = await Promise.all([import('firebase/app'), import('firebase/auth')]);
  return { app, auth };
}

/**
 * The actors that call the API for the auth forms, through `client`: the app's one API client
 * (effects/auth/auth.ts), or the sign-in page's part of it alone (effects/auth/signInApi.ts).
 */
export function authActorsOf(client: SignInApiClient) {
  let googleFlow: Promise<GoogleFlow> | null = null;
  /**
   * The Google flow (src/effects/auth/google.ts) is loaded on the first press of the Google button, and
   * Firebase by the flow once the server's config says Google is on, so none of it weighs on the
   * first page. A failed load is retried on the next press.
   */
  const loadGoogleFlow = (): Promise<GoogleFlow> => {
    googleFlow ??= import('./google').then(
      ({ createGoogleSignIn }) => createGoogleSignIn({ api: client, load: importFirebase }),
      () => {
        googleFlow = null;
        throw new Error(GOOGLE_LOAD_FAILED);
      },
    );
    return googleFlow;
  };
  return {
    signIn: fromPromise(({ input }: { input: SignInRequest }) => {
      const { admin, ...credentials } = input;
      return admin ? client.auth.adminSignIn(credentials) : client.auth.signIn({ provider: 'local', ...credentials });
    }),
    checkUser: fromPromise(({ input }: { input: { authId: string; token: string } }) => client.auth.checkUser(input.authId, input.token)),
    verifyCode: fromPromise(({ input }: { input: TwoFactorSignInBody }) => client.twoFactor.signIn(input)),
    signUp: fromPromise(async ({ input }: { input: SignUpRequest }) => {
      const { admin, inviteCode, ...fields } = input;
      // The avatar's drawing and palette come with the first sign-up, not with the sign-in page.
      const { createAvatar } = await import('./avatar');
      const body = { ...fields, ...createAvatar(fields.username) };
      return admin ? client.auth.adminSignUp({ ...body, inviteCode: inviteCode ?? '' }) : client.auth.signUp(body);
    }),
    /**
     * Google sign-in (src/effects/auth/google.ts): only when the server's config enables it; Firebase
     * popup, POST /signin {provider:'google'} with remember-me, then the user check.
     */
    googleSignIn: fromPromise<GoogleSignInOutput, GoogleSignInInput>(async ({ input }) => (await loadGoogleFlow())(input)),
    fetchConfig: fromPromise<ClientConfig, void>(() => client.config()),
  };
}

/**
 * The sign-in and sign-up forms' machines and the Google option with their real effects, bound to
 * one actor system (the app's, or the light sign-in page's: src/machines/shell/signInPage.machine.ts)
 * whose `session` learns who signed in.
 */
export function authFormsLogic(app: HasSystem, client: SignInApiClient, navigate?: Navigate) {
  const bridge = bridgeActions(app, navigate);
  const actors = authActorsOf(client);
  return {
    signIn: signInMachine.provide({
      actors: { signIn: actors.signIn, verifyCode: actors.verifyCode, checkUser: actors.checkUser, googleSignIn: actors.googleSignIn },
      actions: { login: bridge.login, navigate: bridge.navigate },
    }),
    signUp: signUpMachine.provide({
      actors: { signUp: actors.signUp, googleSignIn: actors.googleSignIn },
      actions: { login: bridge.login, navigate: bridge.navigate },
    }),
    googleOption: googleOptionMachine.provide({ actors: { fetchConfig: actors.fetchConfig } }),
  };
}
export type AuthFormsLogic = ReturnType<typeof authFormsLogic>;
