import type { SnapshotFrom } from 'xstate';
import type { signInMachine } from './signIn.machine';

type SignInSnapshot = SnapshotFrom<typeof signInMachine>;

/** What the sign-in form shows: the fields as typed, their errors and the banner. */
export const signInForm = (s: SignInSnapshot) => s.context;

/** Waiting on the password sign-in (and on the hand-over that follows it). */
export const isSigningIn = (s: SignInSnapshot) => s.matches('submitting') || (s.matches('success') && s.context.auth !== null);

/** Waiting on Google (and on the hand-over that follows it). */
export const isSigningInWithGoogle = (s: SignInSnapshot) => s.matches('google') || (s.matches('success') && s.context.auth === null);

/** While either sign-in runs the fields are read-only and the buttons wait. */
export const isSignInBusy = (s: SignInSnapshot) => isSigningIn(s) || isSigningInWithGoogle(s);

/** Two-factor sign-in: the password was right, the form asks for a code. */
export const isAskingForCode = (s: SignInSnapshot) => s.matches('secondFactor');

/** The code is being checked (and the hand-over that follows it). */
export const isVerifyingCode = (s: SignInSnapshot) =>
  s.matches({ secondFactor: 'verifying' }) || (s.context.challenge !== null && (s.matches('submitting') || s.matches('success')));
