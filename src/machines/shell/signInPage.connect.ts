import type { AppUpdateActorRef } from '../offline/appUpdate.machine';
import type { SignInPageSnapshot } from './signInPage.machine';

/** What the light sign-in page draws, read from its root actor's snapshot (src/views/shell/SignInPageRoot.tsx). */

/** The sign-in page itself; otherwise the app's code is on its way and the page waits for it. */
export const isSignInPageShown = (s: SignInPageSnapshot) => s.matches('shown');

/** The service worker's updates (for the Reload banner), while the page is shown. */
export const signInPageUpdates = (s: SignInPageSnapshot) => s.children.appUpdate as AppUpdateActorRef | undefined;

/** Online or offline (for the offline pill). */
export const signInPageConnectivity = (s: SignInPageSnapshot) => s.children.connectivity;
