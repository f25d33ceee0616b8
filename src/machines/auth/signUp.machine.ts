import { assign, setup } from 'xstate';
import { requiredPromise } from '../shared/required';
import type { AuthResponse, User } from '../../api/auth';
import { GOOGLE_FAILED, destination, type GoogleSignInInput, type GoogleSignInOutput } from './authForm';
import { failureByField, failureText } from '../shared/failure';

export type SignUpField = 'username' | 'email' | 'password' | 'inviteCode';

export interface SignUpInput {
  /** The admin sign-up (/admin/signup): an invite code, POST /admin/signup, lands on /admin. */
  admin?: boolean;
}

export interface SignUpContext {
  admin: boolean;
  username: string;
  email: string;
  password: string;
  inviteCode: string;
  fieldErrors: Partial<Record<SignUpField, string>>;
  error: string | null;
}

export type SignUpEvent =
  { type: 'signUp.change'; field: SignUpField; value: string } | { type: 'signUp.submit' } | { type: 'signUp.google' };

/** What the sign-up effect sends; it draws the avatar itself (src/effects/auth/avatar.ts). */
export interface SignUpRequest {
  admin: boolean;
  username: string;
  email: string;
  password: string;
  inviteCode?: string;
}

export const SIGN_UP_FAILED = 'Unable to create your account. Please try again.';
export const PASSWORD_HINT = 'Password must be at least 8 characters';
export const signUpRequired: Record<SignUpField, string> = {
  username: 'Username is required',
  email: 'Email is required',
  password: 'Password is required',
  inviteCode: 'Invite code is required',
};
export const EMAIL_INVALID = 'Email must be a valid email address';
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const fieldsOf = (context: SignUpContext): SignUpField[] =>
  context.admin ? ['username', 'email', 'password', 'inviteCode'] : ['username', 'email', 'password'];

function validate(context: SignUpContext): Partial<Record<SignUpField, string>> {
  const errors: Partial<Record<SignUpField, string>> = {};
  for (const field of fieldsOf(context)) {
    const value = field === 'password' ? context.password : context[field].trim();
    if (value === '') errors[field] = signUpRequired[field];
  }
  if (!errors.email && !EMAIL_SHAPE.test(context.email.trim())) errors.email = EMAIL_INVALID;
  return errors;
}

/**
 * The sign-up form (spec section 4): idle, then submitting ('Creating account...'), then success
 * (the session learns the user; on to the streams, the checkpoint for a banned account, or /admin
 * for the admin form) or error (the button re-enables): each field the server names (its `issues`)
 * shows its message at the field; anything else the server says is the red alert.
 * The 8-character password bound is only a hint here; the server enforces it.
 */
export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as SignUpInput,
  },
  actors: {
    /** Effect: draw the avatar, then POST /signup (or /admin/signup). */
    signUp: requiredPromise<AuthResponse, SignUpRequest>('signUp'),
    /** Effect: the Google flow (config, identity provider, POST /signin google, user check). */
    googleSignIn: requiredPromise<GoogleSignInOutput, GoogleSignInInput>('googleSignIn'),
  },
  actions: {
    /** Effect: `session.login` to the session actor. */
    login: (_, _params: { token: string; user: User; keepLoggedIn?: boolean }) => {},
    /** Effect: wouter navigation. */
    navigate: (_, _params: { to: string; replace?: boolean }) => {},
    change: assign(({ context, event }) => {
      if (event.type !== 'signUp.change') return {};
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { [event.field]: event.value, fieldErrors };
    }),
    showFieldErrors: assign(({ context }) => ({ error: null, fieldErrors: validate(context) })),
    startSubmit: assign({ error: null, fieldErrors: {} }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validate(context)).length === 0,
    offersGoogle: ({ context }) => !context.admin,
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    admin: input?.admin ?? false,
    username: '',
    email: '',
    password: '',
    inviteCode: '',
    fieldErrors: {},
    error: null,
  }),
  initial: 'form',
  states: {
    form: {
      initial: 'idle',
      on: {
        'signUp.change': { actions: 'change' },
        'signUp.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'startSubmit' },
          { target: '.idle', actions: 'showFieldErrors' },
        ],
        'signUp.google': { guard: 'offersGoogle', target: 'google', actions: 'startSubmit' },
      },
      states: {
        idle: {},
        /** The red alert is up; the button is enabled again. */
        error: {},
      },
    },
    submitting: {
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) => ({
          admin: context.admin,
          username: context.username.trim(),
          email: context.email.trim(),
          password: context.password,
          ...(context.admin ? { inviteCode: context.inviteCode.trim() } : {}),
        }),
        onDone: {
          target: 'success',
          actions: [
            { type: 'login', params: ({ event }) => ({ token: event.output.token, user: event.output.user }) },
            {
              type: 'navigate',
              params: ({ context, event }) => ({
                to: destination({ admin: context.admin, isBanned: event.output.user.isBanned }),
                replace: true,
              }),
            },
          ],
        },
        onError: {
          target: 'form.error',
          // Each of the server's field messages at its field; the banner only for what no field shows.
          actions: assign(({ context, event }) => failureByField(event.error, fieldsOf(context), SIGN_UP_FAILED)),
        },
      },
    },
    google: {
      invoke: {
        id: 'googleSignIn',
        src: 'googleSignIn',
        // Sign-up has no remember-me: the 12-hour session a sign-up gets.
        input: { rememberMe: false },
        onDone: {
          target: 'success',
          actions: [
            { type: 'login', params: ({ event }) => ({ token: event.output.token, user: event.output.user }) },
            {
              type: 'navigate',
              params: ({ event }) => ({ to: destination({ admin: false, isBanned: event.output.isBanned }), replace: true }),
            },
          ],
        },
        onError: {
          target: 'form.error',
          actions: assign({ error: ({ event }) => failureText(event.error, GOOGLE_FAILED) }),
        },
      },
    },
    success: { type: 'final' },
  },
});
