import type { SnapshotFrom } from 'xstate';
import type { forgotPasswordMachine } from './forgotPassword.machine';

type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

export const forgotEmail = (s: ForgotPasswordSnapshot) => s.context.email;

export const forgotMessage = (s: ForgotPasswordSnapshot) => s.context.message;

export const isSendingLink = (s: ForgotPasswordSnapshot) => s.matches('sending');

/** How the last attempt went, for the banner's tone (none before the first). */
export const forgotOutcome = (s: ForgotPasswordSnapshot) =>
  s.matches({ ready: 'success' }) ? 'success' : s.matches({ ready: 'error' }) ? 'error' : null;

/** 'Send Reset Link' is pressable when the machine would take it. */
export const canSendLink = (s: ForgotPasswordSnapshot) => s.can({ type: 'forgot.submit' });
