import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ClientConfig } from '../src/api/config';
import * as authForm from '../src/machines/auth/authForm';
import { signInMachine } from '../src/machines/auth/signIn.machine';
import { signUpMachine } from '../src/machines/auth/signUp.machine';
import {
  createGoogleSignIn,
  firebaseErrorCode,
  GOOGLE_ERROR_MESSAGES,
  GOOGLE_FAILED,
  GOOGLE_LOAD_FAILED,
  GOOGLE_UNAVAILABLE,
  googleErrorMessage,
  SIGN_OUT_CODES,
  type FirebaseModules,
  type GoogleApi,
} from '../src/effects/auth/google';
import { alice, apiFailure, auth } from './fixtures/auth';

/**
 * The browser half of Google sign-in (src/effects/auth/google.ts) against fakes of Firebase (the
 * outside world) and of the API client. The server half is tests/server/auth/google.test.ts.
 */

const firebaseConfig = { apiKey: 'key', authDomain: 'stoa-test.firebaseapp.com', projectId: 'stoa-test', appId: '1:1:web:1' };
const googleOn: ClientConfig = { env: 'DEV', googleSignIn: true, firebase: firebaseConfig, supportEmail: null };
const googleOff: ClientConfig = { env: 'DEV', googleSignIn: false, firebase: null, supportEmail: null };

/** A FirebaseError as Firebase throws it. */
const firebaseError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (auth/${code}).`), { name: 'FirebaseError', code: `auth/${code}` });

const googleUser = {
  displayName: 'Alice Example',
  email: 'alice@example.com',
  photoURL: 'https://lh3.googleusercontent.com/a/alice',
  getIdToken: vi.fn(async () => 'firebase-id-token'),
};

/** A fake of the parts of firebase/app and firebase/auth the flow uses, recording the calls. */
function fakeFirebase(popup: () => Promise<unknown> = async () => ({ user: googleUser })) {
  const apps: { name: string; options: unknown }[] = [];
  const authInstance = { kind: 'auth' };
  const providers: { params: Record<string, string> }[] = [];
  const modules = {
    app: {
      getApps: vi.fn(() => apps),
      initializeApp: vi.fn((options: unknown, name: string) => {
        const app = { name, options };
        apps.push(app);
        return app;
      }),
    },
    auth: {
      getAuth: vi.fn(() => authInstance),
      GoogleAuthProvider: class {
        params: Record<string, string> = {};
        constructor() {
          providers.push(this);
        }
        setCustomParameters(params: Record<string, string>) {
          this.params = params;
          return this;
        }
      },
      signInWithPopup: vi.fn(popup),
      signOut: vi.fn(async () => undefined),
    },
  };
  return { modules: modules as unknown as FirebaseModules, fake: modules, apps, providers, authInstance };
}

function fakeApi(config: ClientConfig = googleOn, { banned = false } = {}) {
  return {
    config: vi.fn(async () => config),
    auth: {
      signIn: vi.fn(async () => auth(alice, 'stoa-token')),
      checkUser: vi.fn(async () => ({ isBanned: banned })),
    },
  } satisfies GoogleApi;
}

it('repeats the messages of src/machines/auth/authForm.ts exactly (the lazy chunk imports nothing of the first page)', () => {
  expect({ GOOGLE_FAILED, GOOGLE_UNAVAILABLE, GOOGLE_LOAD_FAILED }).toEqual({
    GOOGLE_FAILED: authForm.GOOGLE_FAILED,
    GOOGLE_UNAVAILABLE: authForm.GOOGLE_UNAVAILABLE,
    GOOGLE_LOAD_FAILED: authForm.GOOGLE_LOAD_FAILED,
  });
});

describe('Firebase error codes as members read them', () => {
  const specCodes = [
    'wrong-password',
    'invalid-credential',
    'user-not-found',
    'email-already-in-use',
    'too-many-requests',
    'user-disabled',
    'network-request-failed',
    'popup-closed-by-user',
    'popup-blocked',
    'unauthorized-domain',
  ];

  it.each(specCodes)('auth/%s has its own message', (code) => {
    const message = googleErrorMessage(firebaseError(code));
    expect(message).toBe(GOOGLE_ERROR_MESSAGES[code]);
    expect(message).not.toBe(GOOGLE_FAILED);
    expect(message).not.toMatch(/auth\/|Firebase/);
  });

  it('says what to do about the common popup problems', () => {
    expect(googleErrorMessage(firebaseError('popup-blocked'))).toMatch(/Allow pop-ups/);
    expect(googleErrorMessage(firebaseError('popup-closed-by-user'))).toMatch(/closed/);
    expect(googleErrorMessage(firebaseError('cancelled-popup-request'))).toBe(googleErrorMessage(firebaseError('popup-closed-by-user')));
    expect(googleErrorMessage(firebaseError('network-request-failed'))).toMatch(/connection/);
  });

  it.each([
    ['an unknown code', firebaseError('internal-error')],
    ['an error without a code', new Error('boom')],
    ['an empty code', { code: '' }],
    ['a code that is not text', { code: 42 }],
    ['a code of an inherited property name', { code: 'auth/constructor' }],
    ['nothing at all', undefined],
    ['null', null],
  ])('falls back to "Failed to sign in with Google" for %s', (_name, error) => {
    expect(googleErrorMessage(error)).toBe(GOOGLE_FAILED);
  });

  it('reads codes with or without the auth/ prefix', () => {
    expect(firebaseErrorCode({ code: 'auth/popup-blocked' })).toBe('popup-blocked');
    expect(firebaseErrorCode({ code: 'popup-blocked' })).toBe('popup-blocked');
    expect(firebaseErrorCode(new Error('x'))).toBeNull();
  });

  it('signs out of Firebase only for a disabled account or an expired Google session', () => {
    expect([...SIGN_OUT_CODES].sort()).toEqual(['user-disabled', 'user-token-expired']);
  });
});

describe('the Google flow', () => {
  beforeEach(() => {
    googleUser.getIdToken.mockClear();
  });

  it('signs in with a popup, sends the ID token with remember-me, checks the user, and returns what the machines expect', async () => {
    const firebase = fakeFirebase();
    const api = fakeApi();
    const load = vi.fn(async () => firebase.modules);
    const output = await createGoogleSignIn({ api, load })({ rememberMe: true });

    expect(firebase.fake.app.initializeApp).toHaveBeenCalledWith(firebaseConfig, 'stoa');
    expect(firebase.fake.auth.getAuth).toHaveBeenCalledWith(firebase.apps[0]);
    expect(firebase.providers).toHaveLength(1);
    expect(firebase.providers[0]!.params).toEqual({ prompt: 'select_account' });
    expect(firebase.fake.auth.signInWithPopup).toHaveBeenCalledWith(firebase.authInstance, firebase.providers[0]);
    expect(api.auth.signIn).toHaveBeenCalledWith({
      provider: 'google',
      payload: {
        idToken: 'firebase-id-token',
        displayName: 'Alice Example',
        email: 'alice@example.com',
        photoURL: 'https://lh3.googleusercontent.com/a/alice',
      },
      rememberMe: true,
    });
    expect(api.auth.checkUser).toHaveBeenCalledWith(alice.authId, 'stoa-token');
    expect(output).toEqual({ token: 'stoa-token', user: alice, isBanned: false });
    expect(firebase.fake.auth.signOut).not.toHaveBeenCalled();
  });

  it('reports a banned account as the user check says', async () => {
    const output = await createGoogleSignIn({ api: fakeApi(googleOn, { banned: true }), load: async () => fakeFirebase().modules })({
      rememberMe: false,
    });
    expect(output.isBanned).toBe(true);
    expect(output.user.isBanned).toBe(true);
  });

  it('loads Firebase and the config once and reuses its app on the next press', async () => {
    const firebase = fakeFirebase();
    const load = vi.fn(async () => firebase.modules);
    const api = fakeApi();
    const googleSignIn = createGoogleSignIn({ api, load });
    await googleSignIn({ rememberMe: false });
    await googleSignIn({ rememberMe: false });
    expect(load).toHaveBeenCalledTimes(1);
    expect(api.config).toHaveBeenCalledTimes(1);
    expect(firebase.fake.app.initializeApp).toHaveBeenCalledTimes(1);
    expect(firebase.fake.auth.signInWithPopup).toHaveBeenCalledTimes(2);
  });

  it('keeps the explanation, and loads nothing, while the server has Google sign-in off', async () => {
    const load = vi.fn(async () => fakeFirebase().modules);
    const api = fakeApi(googleOff);
    const googleSignIn = createGoogleSignIn({ api, load });
    await expect(googleSignIn({ rememberMe: false })).rejects.toThrow(GOOGLE_UNAVAILABLE);
    expect(load).not.toHaveBeenCalled();
    expect(api.auth.signIn).not.toHaveBeenCalled();
    // Asked again on the next press: a restarted server may have it on.
    api.config.mockResolvedValueOnce(googleOn);
    await expect(googleSignIn({ rememberMe: false })).resolves.toMatchObject({ token: 'stoa-token' });
    expect(api.config).toHaveBeenCalledTimes(2);
  });

  it('says so when Firebase cannot be loaded, and tries again on the next press', async () => {
    const firebase = fakeFirebase();
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(firebase.modules);
    const googleSignIn = createGoogleSignIn({ api: fakeApi(), load });
    await expect(googleSignIn({ rememberMe: false })).rejects.toThrow(GOOGLE_LOAD_FAILED);
    await expect(googleSignIn({ rememberMe: false })).resolves.toMatchObject({ token: 'stoa-token' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it.each(['popup-closed-by-user', 'popup-blocked', 'network-request-failed', 'internal-error'])(
    'turns auth/%s into its message, sends nothing to the server, and stays signed in to Firebase',
    async (code) => {
      const firebase = fakeFirebase(async () => Promise.reject(firebaseError(code)));
      const api = fakeApi();
      await expect(createGoogleSignIn({ api, load: async () => firebase.modules })({ rememberMe: false })).rejects.toThrow(
        googleErrorMessage(firebaseError(code)),
      );
      expect(api.auth.signIn).not.toHaveBeenCalled();
      expect(firebase.fake.auth.signOut).not.toHaveBeenCalled();
    },
  );

  it.each(['user-disabled', 'user-token-expired'])('signs out of Firebase after auth/%s', async (code) => {
    const firebase = fakeFirebase(async () => Promise.reject(firebaseError(code)));
    await expect(createGoogleSignIn({ api: fakeApi(), load: async () => firebase.modules })({ rememberMe: false })).rejects.toThrow(
      GOOGLE_ERROR_MESSAGES[code]!,
    );
    expect(firebase.fake.auth.signOut).toHaveBeenCalledWith(firebase.authInstance);
  });

  it('also maps a failure to get the ID token', async () => {
    const firebase = fakeFirebase(async () => ({
      user: { ...googleUser, getIdToken: async () => Promise.reject(firebaseError('user-token-expired')) },
    }));
    await expect(createGoogleSignIn({ api: fakeApi(), load: async () => firebase.modules })({ rememberMe: false })).rejects.toThrow(
      GOOGLE_ERROR_MESSAGES['user-token-expired']!,
    );
    expect(firebase.fake.auth.signOut).toHaveBeenCalledTimes(1);
  });

  it("passes the server's refusal through, so the form shows the server's message", async () => {
    const api = fakeApi();
    const refusal = apiFailure('Google sign-in failed: the token is not valid', 401);
    api.auth.signIn.mockRejectedValueOnce(refusal);
    const googleSignIn = createGoogleSignIn({ api, load: async () => fakeFirebase().modules });
    await expect(googleSignIn({ rememberMe: false })).rejects.toBe(refusal);
    expect(api.auth.checkUser).not.toHaveBeenCalled();
  });
});

/**
 * The real `googleSignIn` actor of src/effects/auth/auth.ts in the real machines: Firebase's modules
 * are replaced with vi.mock (they are imported dynamically, only inside the flow), the API client
 * with a fake.
 */
const mocks = vi.hoisted(() => ({
  api: {
    config: vi.fn(),
    auth: { signIn: vi.fn(), checkUser: vi.fn() },
  },
  popup: vi.fn(),
  signOut: vi.fn(async () => undefined),
  initializeApp: vi.fn((options: unknown, name: string) => ({ name, options })),
}));
vi.mock('../src/effects/shell/api', () => ({ authApi: mocks.api }));
vi.mock('firebase/app', () => ({ getApps: () => [], initializeApp: mocks.initializeApp }));
vi.mock('firebase/auth', () => ({
  getAuth: () => ({ kind: 'auth' }),
  GoogleAuthProvider: class {
    setCustomParameters() {
      return this;
    }
  },
  signInWithPopup: mocks.popup,
  signOut: mocks.signOut,
}));

describe('the googleSignIn actor in the sign-in and sign-up machines', () => {
  beforeEach(() => {
    mocks.api.config.mockResolvedValue(googleOn);
    mocks.api.auth.signIn.mockResolvedValue(auth(alice, 'stoa-token'));
    mocks.api.auth.checkUser.mockResolvedValue({ isBanned: false });
    mocks.popup.mockResolvedValue({ user: googleUser });
    mocks.api.auth.signIn.mockClear();
  });

  /** Presses the Google button of a form and waits until the form is done or shows an error. */
  async function run(machine: 'signIn' | 'signUp', rememberMe: boolean) {
    const { authActors } = await import('../src/effects/auth/auth');
    const logins: unknown[] = [];
    const navigations: string[] = [];
    const actions = {
      login: (_: unknown, params: unknown) => void logins.push(params),
      navigate: (_: unknown, params: { to: string }) => void navigations.push(params.to),
    };
    const settled = (snapshot: { status: string; matches: (value: never) => boolean }) =>
      snapshot.status === 'done' || snapshot.matches({ form: 'error' } as never);
    let error: string | null;
    if (machine === 'signIn') {
      const actor = createActor(signInMachine.provide({ actors: { googleSignIn: authActors.googleSignIn }, actions }), {
        input: {},
      }).start();
      if (rememberMe) actor.send({ type: 'signIn.rememberMe', value: true });
      actor.send({ type: 'signIn.google' });
      error = (await waitFor(actor, settled)).context.error;
    } else {
      const actor = createActor(signUpMachine.provide({ actors: { googleSignIn: authActors.googleSignIn }, actions }), {
        input: {},
      }).start();
      actor.send({ type: 'signUp.google' });
      error = (await waitFor(actor, settled)).context.error;
    }
    return { error, logins, navigations };
  }

  it('signs in with remember-me and lands on the streams', async () => {
    const { error, logins, navigations } = await run('signIn', true);
    expect(error).toBeNull();
    expect(mocks.initializeApp).toHaveBeenCalledWith(firebaseConfig, 'stoa');
    expect(mocks.api.auth.signIn).toHaveBeenCalledWith(expect.objectContaining({ provider: 'google', rememberMe: true }));
    expect(logins).toEqual([{ token: 'stoa-token', user: alice, keepLoggedIn: true }]);
    expect(navigations).toEqual(['/app/social/streams']);
  });

  it('signs up through Google without remember-me', async () => {
    const { navigations } = await run('signUp', false);
    expect(mocks.api.auth.signIn).toHaveBeenCalledWith(expect.objectContaining({ provider: 'google', rememberMe: false }));
    expect(navigations).toEqual(['/app/social/streams']);
  });

  it("shows a Firebase failure's message in the form", async () => {
    mocks.popup.mockRejectedValueOnce(firebaseError('popup-blocked'));
    const { error, logins } = await run('signIn', false);
    expect(error).toBe(GOOGLE_ERROR_MESSAGES['popup-blocked']);
    expect(logins).toEqual([]);
    expect(mocks.api.auth.signIn).not.toHaveBeenCalled();
  });
});
