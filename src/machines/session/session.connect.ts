import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';

/** Who is signed in, as the shell and the sign-in page read it from the session machine's snapshot. */

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The signed-in member's profile; null while nobody is (or the session does not run yet). */
export const sessionProfile = (s: SessionSnapshot | undefined) => s?.context.profile ?? null;

/** A token is held and no sign-out is under way: a visitor arriving with it goes on to the member area. */
export const holdsSession = (s: SessionSnapshot) => s.context.token !== '' && !s.matches('signingOut');

/** The session holds a token (its owner may not be checked yet). */
export const hasToken = (s: SessionSnapshot) => s.context.token !== '';

/** The session is already known to be an admin's (a member's would loop back to the admin sign-in). */
export const isAdminSession = (s: SessionSnapshot) => s.context.profile?.role === 'ADMIN';

/**
 * The member signed in here who is not an admin (the admin guard sent them to the admin sign-in
 * with their session kept), or null: the admin sign-in tells them the area is for administrators.
 */
export const signedInMember = (s: SessionSnapshot) => {
  const profile = s.context.profile;
  if (!profile || profile.role === 'ADMIN' || s.context.token === '' || s.matches('signingOut')) return null;
  return { username: profile.username, isBanned: profile.isBanned };
};
