import { assign, setup } from 'xstate';
import { defined } from '../shared/defined';
import { requiredPromise } from '../shared/required';
import type { CheckUserResponse, User } from '../../api/auth';
import type { SignedIn, SignInAnswer, TwoFactorSignInBody } from '../../api/account/twoFactor';
import { CHALLENGE_EXPIRED } from '../../api/account/words';
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
  auth: SignedIn | null;
  /** Two-factor sign-in: the server's challenge after a right password (null until then). */
  challenge: string | null;
  /** The code typed: six digits from the app, or a recovery code. */
  code: string;
  /** The member chose to type a recovery code instead. */
  recovery: boolean;
  /** The code field's own message. */
  codeError: string | null;
}

export type SignInEvent =
  | { type: 'signIn.change'; field: SignInField; value: string }
  | { type: 'signIn.rememberMe'; value: boolean }
  | { type: 'signIn.submit' }
  | { type: 'signIn.google' }
  | { type: 'signIn.code.change'; field: 'code'; value: string }
  | { type: 'signIn.code.recovery'; value: boolean }
  | { type: 'signIn.code.submit' }
  | { type: 'signIn.code.back' };

export interface SignInRequest {
  admin: boolean;
  username: string;
  password: string;
  rememberMe: boolean;
}

export const SIGN_IN_FAILED = 'Unable to sign in. Please try again.';
/** The second step's own messages (the server's come as they are). */
export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_CODE_REQUIRED = 'Enter one of your recovery codes';
export const CODE_FAILED = 'Could not check the code. Please try again.';

/** Settings, where an administrator is sent to set two-factor sign-in up when the server asks it of them. */
export const twoFactorSetupPath = (username: string) => `/app/social/setting/${encodeURIComponent(username)}`;
const appCode = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ''));
/** Where a signed-in account lands: the admin area, or settings first when two-factor sign-in is to be set up. */
const adminLanding = (auth: SignedIn) => (auth.twoFactorSetupRequired ? twoFactorSetupPath(auth.user.username) : ADMIN_HOME);
const signedIn = (auth: SignedIn | null) => {
  const answer = defined(auth, 'the sign-in answer');
  return { token: answer.token, user: answer.user };
};
const memberLanding = (auth: SignedIn) => (auth.twoFactorSetupRequired ? twoFactorSetupPath(auth.user.username) : MEMBER_HOME);
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
    /** Effect: POST /signin {provider:'local', username, password, rememberMe}, or POST /admin/signin: a session or a challenge. */
    signIn: requiredPromise<SignInAnswer, SignInRequest>('signIn'),
    /** Effect: POST /signin/two-factor {challenge, code}. */
    verifyCode: requiredPromise<SignedIn, TwoFactorSignInBody>('verifyCode'),
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
    changeCode: assign(({ event }) => (event.type === 'signIn.code.change' ? { code: event.value, codeError: null } : {})),
    chooseRecovery: assign(({ event }) =>
      event.type === 'signIn.code.recovery' ? { recovery: event.value, code: '', codeError: null, error: null } : {},
    ),
    showCodeError: assign(({ context }) => ({ error: null, codeError: context.recovery ? RECOVERY_CODE_REQUIRED : CODE_REQUIRED })),
    leaveSecondFactor: assign({ challenge: null, code: '', recovery: false, codeError: null, error: null, password: '' }),
  },
  guards: {
    isComplete: ({ context }) => !isBlank(context.usernameOrEmail) && context.password !== '',
    isAdminForm: ({ context }) => context.admin,
    offersGoogle: ({ context }) => !context.admin,
    isBanned: ({ event }) => (event as { output?: { isBanned?: boolean } }).output?.isBanned === true,
    isChallenge: ({ event }) => (event as { output?: { twoFactor?: boolean } }).output?.twoFactor === true,
    codeIsComplete: ({ context }) => (context.recovery ? !isBlank(context.code) : appCode(context.code)),
    challengeExpired: ({ event }) => failureText((event as { error?: unknown }).error, '') === CHALLENGE_EXPIRED,
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
    challenge: null,
    code: '',
    recovery: false,
    codeError: null,
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
                guard: 'isChallenge',
                target: '#signIn.secondFactor',
                actions: assign({
                  challenge: ({ event }) => ('challenge' in event.output ? event.output.challenge : null),
                  code: '',
                  recovery: false,
                  codeError: null,
                }),
              },
              {
                guard: 'isAdminForm',
                target: '#signIn.success',
                actions: [
                  assign({ auth: ({ event }) => ('token' in event.output ? event.output : null) }),
                  {
                    type: 'login',
                    params: ({ context }) => ({ ...signedIn(context.auth), keepLoggedIn: context.rememberMe }),
                  },
                  {
                    type: 'navigate',
                    params: ({ context }) => ({ to: adminLanding(defined(context.auth, 'the sign-in answer')), replace: true }),
                  },
                ],
              },
              { target: 'checkingUser', actions: assign({ auth: ({ event }) => ('token' in event.output ? event.output : null) }) },
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
                  {
                    type: 'navigate',
                    params: ({ context }) => ({ to: memberLanding(defined(context.auth, 'the sign-in answer')), replace: true }),
                  },
                ],
              },
            ],
            onError: {
              target: '#signIn.form.error',
              // After a second step too: its challenge is spent, the form starts again from the password.
              actions: assign({ error: ({ event }) => failureText(event.error, SIGN_IN_FAILED), auth: null, challenge: null, code: '' }),
            },
          },
        },
      },
    },
    /** Two-factor sign-in: the password was right; a code from the app (or a recovery code) finishes it. */
    secondFactor: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'signIn.code.back': { target: '#signIn.form.idle', actions: 'leaveSecondFactor' },
            'signIn.code.change': { actions: 'changeCode' },
            'signIn.code.recovery': { actions: 'chooseRecovery' },
            'signIn.code.submit': [
              { guard: 'codeIsComplete', target: 'verifying', actions: assign({ error: null, codeError: null }) },
              { actions: 'showCodeError' },
            ],
          },
        },
        verifying: {
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({ challenge: defined(context.challenge, 'the challenge'), code: context.code.trim() }),
            onDone: [
              {
                guard: 'isAdminForm',
                target: '#signIn.success',
                actions: [
                  assign({ auth: ({ event }) => event.output }),
                  {
                    type: 'login',
                    params: ({ context }) => ({ ...signedIn(context.auth), keepLoggedIn: context.rememberMe }),
                  },
                  {
                    type: 'navigate',
                    params: ({ context }) => ({ to: adminLanding(defined(context.auth, 'the sign-in answer')), replace: true }),
                  },
                ],
              },
              { target: '#signIn.submitting.checkingUser', actions: assign({ auth: ({ event }) => event.output }) },
            ],
            onError: [
              {
                guard: 'challengeExpired',
                target: '#signIn.form.error',
                actions: ['leaveSecondFactor', assign({ error: CHALLENGE_EXPIRED })],
              },
              { target: 'idle', actions: assign({ error: ({ event }) => failureText(event.error, CODE_FAILED), code: '' }) },
            ],
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
