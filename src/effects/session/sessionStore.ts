import type { User } from '../../api/auth';
import { STORAGE_KEYS } from '../../api/constants';
import { storage } from '../shell/storage';

/**
 * What the session machine's `persistSession` and `forgetSession` do to storage (session.machine.ts),
 * for the app's session (effects/session/session.ts) and the light sign-in page's
 * (effects/shell/signInPage.ts), so a sign-in on either leaves the browser in the same state.
 */
export function persistSession(_: unknown, { token, user, keepLoggedIn }: { token: string; user: User; keepLoggedIn: boolean }) {
  storage.set(STORAGE_KEYS.authToken, token);
  storage.set(STORAGE_KEYS.keepLoggedIn, String(keepLoggedIn));
  storage.session.set(STORAGE_KEYS.username, user.username);
  // Both die with the browser session: a browser reopened without them and with keepLoggedIn
  // 'false' finds the session ended (session.machine.ts, booting). The flag belongs to this
  // tab; the cookie is shared by every tab of the browser session, so a tab opened by hand
  // stays signed in. Every login sets it, the guard's restore at each signed-in boot included.
  storage.session.set(STORAGE_KEYS.pageReload, 'true');
  storage.cookie.set(STORAGE_KEYS.browserSession, '1');
}

/** The session's keys in storage, and the browser-session cookie (the wipes of what was kept come with it: session.ts, signInPage.ts). */
export function forgetStoredSession() {
  storage.remove(STORAGE_KEYS.authToken);
  storage.remove(STORAGE_KEYS.keepLoggedIn);
  storage.session.remove(STORAGE_KEYS.username);
  storage.session.remove(STORAGE_KEYS.pageReload);
  storage.cookie.remove(STORAGE_KEYS.browserSession);
}
