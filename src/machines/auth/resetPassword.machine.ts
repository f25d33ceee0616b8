import { assign, setup } from 'xstate';
import { requiredPromise } from '../shared/required';
import type { MessageResponse } from '../../api/auth';
import { failureText } from '../shared/failure';

export type ResetPasswordField = 'password' | 'confirmPassword';

export interface ResetPasswordContext {
  /** The reset token from the page's `token` query parameter. */
  token: string;
  password: string;
  confirmPassword: string;
  message: string | null;
}

export type ResetPasswordEvent = { type: 'reset.change'; field: ResetPasswordField; value: string } | { type: 'reset.submit' };

export const PASSWORD_RESET_DONE = 'Password reset successfully!';
export const PASSWORD_RESET_FAILED = 'Failed to reset password';
export const PASSWORDS_HINT = 'Both passwords must match';

/**
 * Create a new password (spec sections 4 and 8): idle, then resetting ('Resetting password...'),
 * then a banner; on success both fields are cleared. Matching is the server's rule. A page
 * opened without a token can do nothing but point to /forgot-password. After a success the
 * token is spent, so the form gives way to the banner and a way to sign in (`done`): an empty,
 * disabled form left on the page only invited a second reset that would fail.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { token: string | null },
  },
  actors: {
    /** Effect: POST /reset-password/{token} {password, confirmPassword}. */
    resetPassword: requiredPromise<MessageResponse, { token: string; password: string; confirmPassword: string }>('resetPassword'),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    isComplete: ({ context }) => context.password !== '' && context.confirmPassword !== '',
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ token: input?.token?.trim() ?? '', password: '', confirmPassword: '', message: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'hasToken', target: 'ready' }, { target: 'missingToken' }],
    },
    missingToken: {},
    ready: {
      initial: 'idle',
      on: {
        'reset.change': { actions: assign(({ event }) => ({ [event.field]: event.value })) },
        'reset.submit': { guard: 'isComplete', target: 'resetting' },
      },
      states: {
        idle: {},
        error: {},
      },
    },
    done: { type: 'final' },
    resetting: {
      entry: assign({ message: null }),
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({
          token: context.token,
          password: context.password,
          confirmPassword: context.confirmPassword,
        }),
        onDone: {
          target: 'done',
          actions: assign({
            message: ({ event }) => event.output?.message || PASSWORD_RESET_DONE,
            password: '',
            confirmPassword: '',
          }),
        },
        onError: {
          target: 'ready.error',
          actions: assign({ message: ({ event }) => failureText(event.error, PASSWORD_RESET_FAILED) }),
        },
      },
    },
  },
});
