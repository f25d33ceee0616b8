import type { ChangePasswordSnapshot } from './changePassword.machine';

/** What the change-password form shows, read from the changePassword machine's snapshot. */

export const isSavingPassword = (s: ChangePasswordSnapshot) => s.matches('saving');
/** What the three fields hold. */
export const passwordDraft = (s: ChangePasswordSnapshot) => s.context.draft;
/** The contract's messages by field; `form` for the server's refusal. */
export const passwordErrorsShown = (s: ChangePasswordSnapshot) => s.context.errors;
/** The server's confirmation. */
export const passwordMessage = (s: ChangePasswordSnapshot) => s.context.message;
