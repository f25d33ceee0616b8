import type { SignInAnswer } from '../../api/account/twoFactor';
import type { CheckUserResponse, SignInBody } from '../../api/auth';
import type { ClientConfig } from '../../api/config';
import type { GoogleSignInInput, GoogleSignInOutput } from '../../machines/auth/authForm';

/**
 * Google sign-in in the browser. This module and Firebase are loaded only once the member presses
 * the Google button (dynamic imports: their own chunks, never part of the first page). The flow:
 * GET /config (is Google on, and Firebase's web config) -> Firebase popup -> the Firebase ID token
 * -> POST /signin {provider:'google', payload} -> POST /checkUser/{authId} -> what the machines expect.
 */

/*
 * This module is a lazy chunk. A value it imported from the first page's modules would make the
 * bundler split that module into a chunk of its own (one more request for every visitor), and so
 * would a dynamic import here (Vite's preload helper): so Firebase's import is handed in by
 * src/effects/auth/auth.ts, and the three messages the machines also know are repeated here
 * (tests/googleSignIn.test.ts checks they equal those of src/machines/auth/authForm.ts).
 */
/** Same as GOOGLE_FAILED of src/machines/auth/authForm.ts. */
export const GOOGLE_FAILED = 'Failed to sign in with Google';
/** Same as GOOGLE_UNAVAILABLE of src/machines/auth/authForm.ts. */
export const GOOGLE_UNAVAILABLE = 'Google sign-in is not available yet';
/** Same as GOOGLE_LOAD_FAILED of src/machines/auth/authForm.ts. */
export const GOOGLE_LOAD_FAILED = 'Could not load Google sign-in. Check your connection and try again.';

const CANCELLED = 'The Google sign-in window was closed before signing in finished. Please try again.';

/**
 * Firebase's auth error codes (`auth/<code>`), as a member should read them (spec section 8
 * lists the ones the identity provider reports). Anything else: 'Failed to sign in with Google'.
 */
export const GOOGLE_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'popup-closed-by-user': CANCELLED,
  'cancelled-popup-request': CANCELLED,
  'user-cancelled': CANCELLED,
  'popup-blocked': 'Your browser blocked the Google sign-in window. Allow pop-ups for this site and press the button again.',
  'unauthorized-domain': 'Google sign-in is not allowed on this web address. Please contact support.',
  'operation-not-allowed': 'Google sign-in is not enabled for this site. Please contact support.',
  'network-request-failed': 'Could not reach Google. Check your connection and try again.',
  'too-many-requests': 'Too many sign-in attempts. Please wait a few minutes and try again.',
  'user-disabled': 'This Google account has been disabled.',
  'user-token-expired': 'Your Google sign-in has expired. Please sign in again.',
  'wrong-password': 'Incorrect password. Please try again.',
  'invalid-credential': 'Google could not confirm who you are. Please try again.',
  'user-not-found': 'No account was found for these details.',
  'email-already-in-use': 'This email address is already used by another account.',
  'account-exists-with-different-credential': 'An account already exists with this email address. Sign in the way you did before.',
  'web-storage-unsupported': 'Google sign-in needs cookies and site data. Allow them for this site and try again.',
};

/** After these the Firebase user is of no use: it is signed out of Firebase (spec section 8). */
export const SIGN_OUT_CODES: ReadonlySet<string> = new Set(['user-disabled', 'user-token-expired']);

/** 'popup-blocked' from a FirebaseError's `auth/popup-blocked`; null for anything that is not one. */
export function firebaseErrorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || code === '') return null;
  return code.startsWith('auth/') ? code.slice('auth/'.length) : code;
}

export function googleErrorMessage(error: unknown): string {
  const code = firebaseErrorCode(error);
  return code !== null && Object.hasOwn(GOOGLE_ERROR_MESSAGES, code) ? GOOGLE_ERROR_MESSAGES[code]! : GOOGLE_FAILED;
}

/** The parts of the two Firebase modules used here; tests hand in fakes of this shape. */
export interface FirebaseModules {
  app: Pick<typeof import('firebase/app'), 'initializeApp' | 'getApps'>;
  auth: Pick<typeof import('firebase/auth'), 'getAuth' | 'GoogleAuthProvider' | 'signInWithPopup' | 'signOut'>;
}

/** The calls the flow makes: the API client's (src/effects/shell/api.ts) fits. */
export interface GoogleApi {
  config(): Promise<ClientConfig>;
  auth: {
    signIn(body: SignInBody): Promise<SignInAnswer>;
    checkUser(authId: string, token?: string): Promise<CheckUserResponse>;
  };
}

/** A named Firebase app, so nothing else on the page (or a second press) collides with it. */
const FIREBASE_APP_NAME = 'stoa';

/**
 * The Google flow as one function (the `googleSignIn` actor of src/effects/auth/auth.ts calls it).
 * Firebase's modules and the server's Firebase config are loaded once and kept (a failed load is
 * not, so pressing again retries). The popup must open soon after the press or the browser may
 * block it; the first press has a download in between, so after 'popup-blocked' a second press,
 * which opens the popup at once, usually works (the message says so).
 */
export function createGoogleSignIn(deps: { api: GoogleApi; load: () => Promise<FirebaseModules> }) {
  const { load } = deps;
  let loading: Promise<FirebaseModules> | null = null;
  const firebase = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };

  // The server's Firebase config does not change while it runs: once Google is on, keep it.
  let firebaseConfig: NonNullable<ClientConfig['firebase']> | null = null;

  return async function googleSignIn({ rememberMe }: GoogleSignInInput): Promise<GoogleSignInOutput> {
    if (!firebaseConfig) {
      const config = await deps.api.config();
      if (!config.googleSignIn || !config.firebase) throw new Error(GOOGLE_UNAVAILABLE);
      firebaseConfig = config.firebase;
    }

    let modules: FirebaseModules;
    try {
      modules = await firebase();
    } catch {
      throw new Error(GOOGLE_LOAD_FAILED);
    }
    const app =
      modules.app.getApps().find((existing) => existing.name === FIREBASE_APP_NAME) ??
      modules.app.initializeApp(firebaseConfig, FIREBASE_APP_NAME);
    const auth = modules.auth.getAuth(app);
    const provider = new modules.auth.GoogleAuthProvider();
    // Let a member with several Google accounts choose, rather than reusing the last one silently.
    provider.setCustomParameters({ prompt: 'select_account' });

    let payload: { idToken: string; displayName: string | null; email: string | null; photoURL: string | null };
    try {
      const { user } = await modules.auth.signInWithPopup(auth, provider);
      payload = { idToken: await user.getIdToken(), displayName: user.displayName, email: user.email, photoURL: user.photoURL };
    } catch (error) {
      if (SIGN_OUT_CODES.has(firebaseErrorCode(error) ?? '')) await modules.auth.signOut(auth).catch(() => undefined);
      throw new Error(googleErrorMessage(error), { cause: error });
    }

    // Failures from here are the server's: the machine shows its message (or 'Failed to sign in with Google').
    const answer = await deps.api.auth.signIn({ provider: 'google', payload, rememberMe });
    // Google's own second factor applies: the server never answers a Google sign-in with a challenge.
    if (!('token' in answer)) throw new Error(answer.message);
    const { isBanned } = await deps.api.auth.checkUser(answer.user.authId, answer.token);
    return { token: answer.token, user: { ...answer.user, isBanned }, isBanned };
  };
}
