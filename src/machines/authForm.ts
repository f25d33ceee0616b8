import type { User } from '../api/auth';

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

export const GOOGLE_FAILED = 'Failed to sign in with Google';

/** Where a signed-in account goes: admins to /admin, banned accounts to the checkpoint. */
export function destination({ admin, isBanned }: { admin: boolean; isBanned: boolean }) {
  if (isBanned) return CHECKPOINT;
  return admin ? ADMIN_HOME : MEMBER_HOME;
}

export const isBlank = (value: string) => value.trim() === '';
