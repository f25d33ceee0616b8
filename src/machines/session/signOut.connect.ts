import type { SnapshotFrom } from 'xstate';
import type { signOutMachine } from './signOut.machine';

type SignOutSnapshot = SnapshotFrom<typeof signOutMachine>;

export const SIGN_OUT_ANYWAY = 'Sign out anyway';
export const SIGN_OUT_TITLE = 'Sign out?';

/** The dialog's words: how many items signing out would delete. */
export const unsentWarning = (unsent: number) =>
  unsent === 1
    ? 'You have 1 unsent item. It will be deleted if you sign out.'
    : `You have ${unsent} unsent items. They will be deleted if you sign out.`;

/** The dialog is open, and what it says; null while nothing is asked. */
export const signOutQuestion = (s: SignOutSnapshot) => (s.matches('confirming') ? unsentWarning(s.context.unsent) : null);
