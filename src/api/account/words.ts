/**
 * The account area's words and numbers (sessions, two-factor sign-in, your data), apart from its
 * schemas: what the app's entry and first pages read (messages, limits) must not bring zod with it
 * (tests/debugChunks.test.ts). Each schema module re-exports its own.
 */

/** A request made with a session ended from another device answers 401 with this message. */
export const SESSION_ENDED_MESSAGE = 'This session was ended from another device. Please sign in again.';
export const SESSION_NOT_FOUND = 'Session not found';
export const CURRENT_SESSION_NOT_ENDED = 'This is the session you are using: sign out to end it';

/** The device in words, e.g. "Firefox on Windows"; either part may be unknown (''). */
export function deviceWords(browser: string, system: string): string {
  return `${browser || 'Unknown browser'} on ${system || 'unknown system'}`;
}

/** How long a ready archive stays downloadable. */
export const EXPORT_KEEP_DAYS = 7;
/** How long after the request an account is deleted; signing in meanwhile offers to cancel. */
export const DELETION_GRACE_DAYS = 30;

export const EXPORT_STATUSES = ['preparing', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const PASSWORD_NEEDED = 'Please enter your password';

/** The name other members see where a deleted member's name stood (chat, reports). */
export const DELETED_MEMBER = 'deleted member';

/** How many recovery codes a member gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** Seconds a sign-in challenge (password right, code still to come) stays usable. */
export const CHALLENGE_SECONDS = 5 * 60;
/** The issuer shown in authenticator apps. */
export const TWO_FACTOR_ISSUER = 'Stoa';

export const TWO_FACTOR_ON = 'Two-factor sign-in is on';
export const TWO_FACTOR_OFF = 'Two-factor sign-in is off';
export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on';
export const TWO_FACTOR_NOT_ON = 'Two-factor sign-in is not on';
export const TWO_FACTOR_NO_SETUP = 'Start setting up two-factor sign-in first';
export const TWO_FACTOR_NEEDS_PASSWORD = 'Two-factor sign-in protects password sign-in; set a password first (Forgot password)';
export const INVALID_CODE = 'That code is not right. Check your authenticator app and try again.';
export const INVALID_RECOVERY_CODE = 'That recovery code is not right, or it was already used.';
export const CODE_ALREADY_USED = 'That code has already been used. Wait for the next one.';
export const WRONG_PASSWORD = 'Wrong password';
export const CHALLENGE_EXPIRED = 'Your sign-in took too long. Please sign in again.';
export const TWO_FACTOR_NEEDED = 'Enter the code from your authenticator app';
export const RECOVERY_CODES_MADE = 'New recovery codes made; the old ones no longer work';
/** The notice an administrator reads on Settings > Security while the server requires it of them. */
export const ADMIN_TWO_FACTOR_REQUIRED = 'Administrators must use two-factor sign-in. Turn it on to keep your account safe.';
