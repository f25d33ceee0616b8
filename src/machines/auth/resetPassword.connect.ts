import type { SnapshotFrom } from 'xstate';
import type { resetPasswordMachine } from './resetPassword.machine';

type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

/** The two passwords as typed and the last message. */
export const resetForm = (s: ResetPasswordSnapshot) => s.context;

/** The page was opened without the email's token: nothing to reset with. */
export const isMissingToken = (s: ResetPasswordSnapshot) => s.matches('missingToken');

export const isResetting = (s: ResetPasswordSnapshot) => s.matches('resetting');

export const isPasswordChanged = (s: ResetPasswordSnapshot) => s.matches('done');

export const hasResetFailed = (s: ResetPasswordSnapshot) => s.matches({ ready: 'error' });

/** 'Reset Password' is pressable when the machine would take it (both fields filled and matching). */
export const canReset = (s: ResetPasswordSnapshot) => s.can({ type: 'reset.submit' });
