import type { User } from '../../api/auth';
import { STORAGE_KEYS } from '../../api/constants';
import { storage } from '../shell/storage';
import { wipeKept } from '../offline/kept';
import { wipeMedia } from '../offline/mediaWipe';
import { wipeOutboxes } from '../offline/outboxWipe';

/**
 * What the session machine's `persistSession` and `forgetSession` do (session.machine.ts), for the
 * app's session (effects/session/session.ts) and the light sign-in page's (effects/shell/signInPage.ts),
 * so a sign-in on either leaves the browser in the same state.
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

export function forgetSession() {
  storage.remove(STORAGE_KEYS.authToken);
  storage.remove(STORAGE_KEYS.keepLoggedIn);
  storage.session.remove(STORAGE_KEYS.username);
  storage.session.remove(STORAGE_KEYS.pageReload);
  storage.cookie.remove(STORAGE_KEYS.browserSession);
  // What was kept for reading offline leaves with the session (docs/client-offline.md).
  void wipeKept();
  // What was not sent goes with the session (docs/client-offline.md, "Outbox").
  void wipeOutboxes();
  // And the images the service worker cached for them (docs/client-offline.md, "Images offline").
  void wipeMedia();
}
