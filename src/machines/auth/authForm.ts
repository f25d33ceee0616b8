import type { User } from '../../api/auth';

/** Paths the auth forms lead to (spec section 2). */
export const MEMBER_HOME = '/app/social/streams';
export const CHECKPOINT = '/checkpoint';
export const ADMIN_HOME = '/admin';

/** What a Google sign-in yields once the server has accepted the identity and checked the account. */
export interface GoogleSignInOutput {
  token: string;
  user: User;
  isBanned: boolean;
}

/** What the Google effect needs from the form: remember-me decides the session's lifetime, as for a password. */
export interface GoogleSignInInput {
  rememberMe: boolean;
}

export const GOOGLE_FAILED = 'Failed to sign in with Google';
/** While the server has no FIREBASE_PROJECT_ID (GET /config says googleSignIn: false); shown by the effect. */
export const GOOGLE_UNAVAILABLE = 'Google sign-in is not available yet';
/** The Google sign-in code (loaded on the first press) could not be fetched; shown by the effect. */
export const GOOGLE_LOAD_FAILED = 'Could not load Google sign-in. Check your connection and try again.';

/** Where a signed-in account goes: admins to /admin, banned accounts to the checkpoint. */
export function destination({ admin, isBanned }: { admin: boolean; isBanned: boolean }) {
  if (isBanned) return CHECKPOINT;
  return admin ? ADMIN_HOME : MEMBER_HOME;
}

export const isBlank = (value: string) => value.trim() === '';
