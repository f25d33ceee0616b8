import { assign, setup } from 'xstate';
import { defined } from '../shared/defined';
import { requiredPromise } from '../shared/required';
import type { AuthResponse, CheckUserResponse, User } from '../../api/auth';
import { ADMIN_HOME, CHECKPOINT, GOOGLE_FAILED, MEMBER_HOME, isBlank, type GoogleSignInInput, type GoogleSignInOutput } from './authForm';
import { failureText } from '../shared/failure';

export type SignInField = 'usernameOrEmail' | 'password';

export interface SignInInput {
  /** The admin sign-in (/admin/signin): POST /admin/signin, no user check, lands on /admin. */
  admin?: boolean;
}

export interface SignInContext {
  admin: boolean;
  usernameOrEmail: string;
  password: string;
  rememberMe: boolean;
  fieldErrors: Partial<Record<SignInField, string>>;
  /** The red alert: the server's message. */
  error: string | null;
  auth: AuthResponse | null;
}

export type SignInEvent =
  | { type: 'signIn.change'; field: SignInField; value: string }
  | { type: 'signIn.rememberMe'; value: boolean }
  | { type: 'signIn.submit' }
  | { type: 'signIn.google' };

export interface SignInRequest {
  admin: boolean;
  username: string;
  password: string;
  rememberMe: boolean;
}

export const SIGN_IN_FAILED = 'Unable to sign in. Please try again.';
export const signInRequired: Record<SignInField, string> = {
  usernameOrEmail: 'Email or username is required',
  password: 'Password is required',
};

/**
 * The sign-in form (spec section 4): idle, then submitting ('Logging in...': POST /signin, then
 * POST /checkUser/{authId}), then success (the session learns the user; on to the streams, or
 * the checkpoint for a banned account) or error (the server's message; the form is usable again).
 */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
  },
  actors: {
    /** Effect: POST /signin {provider:'local', username, password, rememberMe}, or POST /admin/signin. */
    signIn: requiredPromise<AuthResponse, SignInRequest>('signIn'),
    /** Effect: POST /checkUser/{authId}, authorised by the token sign-in just returned (not yet stored). */
    checkUser: requiredPromise<CheckUserResponse, { authId: string; token: string }>('checkUser'),
    /** Effect: the Google flow (config, identity provider, POST /signin google with rememberMe, user check). */
    googleSignIn: requiredPromise<GoogleSignInOutput, GoogleSignInInput>('googleSignIn'),
  },
  actions: {
    /** Effect: `session.login` to the session actor. */
    login: (_, _params: { token: string; user: User; keepLoggedIn?: boolean }) => {},
    /** Effect: wouter navigation. */
    navigate: (_, _params: { to: string; replace?: boolean }) => {},
    change: assign(({ context, event }) => {
      if (event.type !== 'signIn.change') return {};
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { [event.field]: event.value, fieldErrors };
    }),
    showFieldErrors: assign(({ context }) => ({
      error: null,
      fieldErrors: Object.fromEntries(
        (Object.keys(signInRequired) as SignInField[])
          .filter((field) => isBlank(context[field]))
          .map((field) => [field, signInRequired[field]]),
      ),
    })),
    startSubmit: assign({ error: null, fieldErrors: {}, auth: null }),
  },
  guards: {
    isComplete: ({ context }) => !isBlank(context.usernameOrEmail) && context.password !== '',
    isAdminForm: ({ context }) => context.admin,
    offersGoogle: ({ context }) => !context.admin,
    isBanned: ({ event }) => (event as { output?: { isBanned?: boolean } }).output?.isBanned === true,
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    admin: input?.admin ?? false,
    usernameOrEmail: '',
    password: '',
    rememberMe: false,
    fieldErrors: {},
    error: null,
    auth: null,
  }),
  initial: 'form',
  states: {
    form: {
      initial: 'idle',
      on: {
        'signIn.change': { actions: 'change' },
        'signIn.rememberMe': { actions: assign({ rememberMe: ({ event }) => event.value }) },
        'signIn.submit': [
          { guard: 'isComplete', target: 'submitting', actions: 'startSubmit' },
          { target: '.idle', actions: 'showFieldErrors' },
        ],
        'signIn.google': { guard: 'offersGoogle', target: 'google', actions: 'startSubmit' },
      },
      states: {
        idle: {},
        /** The red alert is up; the button is enabled again. */
        error: {},
      },
    },
    submitting: {
      initial: 'signingIn',
      states: {
        signingIn: {
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context }) => ({
              admin: context.admin,
              username: context.usernameOrEmail.trim(),
              password: context.password,
              rememberMe: context.rememberMe,
            }),
            onDone: [
              {
                guard: 'isAdminForm',
                target: '#signIn.success',
                actions: [
                  assign({ auth: ({ event }) => event.output }),
                  {
                    type: 'login',
                    params: ({ context, event }) => ({
                      token: event.output.token,
                      user: event.output.user,
                      keepLoggedIn: context.rememberMe,
                    }),
                  },
                  { type: 'navigate', params: { to: ADMIN_HOME, replace: true } },
                ],
              },
              { target: 'checkingUser', actions: assign({ auth: ({ event }) => event.output }) },
            ],
            onError: {
              target: '#signIn.form.error',
              actions: assign({ error: ({ event }) => failureText(event.error, SIGN_IN_FAILED) }),
            },
          },
        },
        checkingUser: {
          invoke: {
            id: 'checkUser',
            src: 'checkUser',
            input: ({ context }) => ({
              authId: defined(context.auth, 'the sign-in answer').user.authId,
              token: defined(context.auth, 'the sign-in answer').token,
            }),
            onDone: [
              {
                guard: 'isBanned',
                target: '#signIn.success',
                actions: [
                  {
                    type: 'login',
                    params: ({ context }) => ({
                      token: defined(context.auth, 'the sign-in answer').token,
                      user: { ...defined(context.auth, 'the sign-in answer').user, isBanned: true },
                      keepLoggedIn: context.rememberMe,
                    }),
                  },
                  { type: 'navigate', params: { to: CHECKPOINT, replace: true } },
                ],
              },
              {
                target: '#signIn.success',
                actions: [
                  {
                    type: 'login',
                    params: ({ context }) => ({
                      token: defined(context.auth, 'the sign-in answer').token,
                      user: defined(context.auth, 'the sign-in answer').user,
                      keepLoggedIn: context.rememberMe,
                    }),
                  },
                  { type: 'navigate', params: { to: MEMBER_HOME, replace: true } },
                ],
              },
            ],
            onError: {
              target: '#signIn.form.error',
              actions: assign({ error: ({ event }) => failureText(event.error, SIGN_IN_FAILED), auth: null }),
            },
          },
        },
      },
    },
    google: {
      invoke: {
        id: 'googleSignIn',
        src: 'googleSignIn',
        input: ({ context }) => ({ rememberMe: context.rememberMe }),
        onDone: [
          {
            guard: 'isBanned',
            target: 'success',
            actions: [
              {
                type: 'login',
                params: ({ context, event }) => ({ token: event.output.token, user: event.output.user, keepLoggedIn: context.rememberMe }),
              },
              { type: 'navigate', params: { to: CHECKPOINT, replace: true } },
            ],
          },
          {
            target: 'success',
            actions: [
              {
                type: 'login',
                params: ({ context, event }) => ({ token: event.output.token, user: event.output.user, keepLoggedIn: context.rememberMe }),
              },
              { type: 'navigate', params: { to: MEMBER_HOME, replace: true } },
            ],
          },
        ],
        onError: {
          target: '#signIn.form.error',
          actions: assign({ error: ({ event }) => failureText(event.error, GOOGLE_FAILED) }),
        },
      },
    },
    success: { type: 'final' },
  },
});
