import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { authFormsLogic } from './effects/auth/authForms';
import { journal } from './effects/debug/journal';
import type { HandOver } from './machines/shell/signInPage.machine';
import { signInApi, signInPageInput, signInPageLogic } from './effects/shell/signInPage';
import { SignInPageRoot } from './views/shell/SignInPageRoot';

/**
 * The light sign-in page (docs/client-shell.md, "Weight"): what src/main.tsx loads for a visitor
 * who opens '/' with no stored session, in place of the app. Its root actor hands over to the app
 * (src/appEntry.tsx) after a sign-in, with the session, or when the address leaves '/': the app's
 * code is fetched then, the page's React root unmounted and the app started in its place.
 */
export function startSignInPage() {
  const root = createRoot(document.getElementById('root')!);
  const startApp = async (handOver: HandOver) => {
    const { startAppEntry } = await import('./appEntry');
    root.unmount();
    startAppEntry(handOver);
  };
  const page = createActor(signInPageLogic(startApp), { input: signInPageInput(), inspect: journal.inspect });
  page.start();
  root.render(
    <StrictMode>
      <SignInPageRoot page={page} auth={authFormsLogic(page, signInApi)} />
    </StrictMode>,
  );
}
