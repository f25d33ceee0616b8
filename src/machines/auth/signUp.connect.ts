import type { SnapshotFrom } from 'xstate';
import type { signUpMachine } from './signUp.machine';

type SignUpSnapshot = SnapshotFrom<typeof signUpMachine>;

/** What the sign-up form shows: the fields as typed, their errors and the banner. */
export const signUpForm = (s: SignUpSnapshot) => s.context;

export const isSigningUp = (s: SignUpSnapshot) => s.matches('submitting');

export const isSigningUpWithGoogle = (s: SignUpSnapshot) => s.matches('google');

/** Once an account is asked for (or made) the form waits: a second press would make two. */
export const isSignUpBusy = (s: SignUpSnapshot) => s.matches('submitting') || s.matches('google') || s.matches('success');

/** Some field shows a message (the form's own check, or the server's at each field). */
export const hasFieldErrors = (s: SignUpSnapshot) => Object.keys(s.context.fieldErrors).length > 0;
