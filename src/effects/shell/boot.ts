import { debugRequested, journalRequested } from '../debug/debugShortcut';
import { storage } from './storage';

/** The one page the light sign-in page draws (src/signInEntry.tsx); the app draws every other. */
export const SIGN_IN_PAGE_PATH = '/';

/**
 * Whether this load opens the light sign-in page rather than the app (src/main.tsx): '/' with no
 * stored session (a stored token, even one the session will find ended, boots the app, which
 * decides), and no debug panel asked for in the address (`?debug=1` loads the app, as before).
 */
export function opensSignInPage(location: Pick<Location, 'pathname' | 'search'> = globalThis.location): boolean {
  return (
    location.pathname === SIGN_IN_PAGE_PATH &&
    storage.token() === null &&
    !debugRequested(location.search) &&
    !journalRequested(location.search)
  );
}
