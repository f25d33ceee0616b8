import { assign, setup } from 'xstate';
import { requiredPromise } from '../shared/required';
import type { MessageResponse } from '../../api/auth';
import { isBlank } from './authForm';
import { failureText } from '../shared/failure';

export interface ForgotPasswordContext {
  email: string;
  /** The banner: the server's message or the spec's fallback. */
  message: string | null;
}

export type ForgotPasswordEvent = { type: 'forgot.change'; email: string } | { type: 'forgot.submit' };

export const RESET_LINK_SENT = 'Reset link sent successfully!';
export const RESET_LINK_FAILED = 'Failed to send reset link';

/**
 * Forgot password (spec sections 4 and 8): idle, then sending ('Sending link...'), then a success
 * or an error banner. The button is disabled while the email is empty or a link is being sent.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    /** Effect: POST /forgot-password {email}. */
    forgotPassword: requiredPromise<MessageResponse, { email: string }>('forgotPassword'),
  },
  guards: {
    hasEmail: ({ context }) => !isBlank(context.email),
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', message: null },
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      on: {
        'forgot.change': { actions: assign({ email: ({ event }) => event.email }) },
        'forgot.submit': { guard: 'hasEmail', target: 'sending' },
      },
      states: {
        idle: {},
        success: {},
        error: {},
      },
    },
    sending: {
      entry: assign({ message: null }),
      invoke: {
        id: 'forgotPassword',
        src: 'forgotPassword',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: {
          target: 'ready.success',
          actions: assign({ message: ({ event }) => event.output?.message || RESET_LINK_SENT }),
        },
        onError: {
          target: 'ready.error',
          actions: assign({ message: ({ event }) => failureText(event.error, RESET_LINK_FAILED) }),
        },
      },
    },
  },
});
