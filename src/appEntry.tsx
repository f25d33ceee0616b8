import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { HandOver } from './machines/shell/signInPage.machine';
import { startApp } from './effects/shell/app';
import { journal } from './effects/debug/journal';
import { AppProvider } from './views/AppContext';
import { AppRoutes } from './views/AppRoutes';
import { DebugPanelOnDemand } from './views/shell/DebugPanelOnDemand';
import { Toasts } from './views/shell/Toasts';
import { ConnectivityIndicator } from './views/offline/ConnectivityIndicator';
import { UpdateBanner } from './views/offline/UpdateBanner';

/**
 * The app (docs/client-shell.md): its root actor and every route. src/main.tsx starts it on any
 * page but the light sign-in page; that page starts it when it hands over (`handOver`): with the
 * session signed in there, which the app's session learns as the sign-in forms tell it
 * (`session.login`: no check with the server again), and the debug panel open if it was asked for.
 */
export function startAppEntry(handOver?: HandOver) {
  const app = startApp({ inspect: journal.inspect });
  if (handOver?.login) app.system.get('session')?.send({ type: 'session.login', ...handOver.login });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider actor={app}>
        <AppRoutes />
        <Toasts />
        <ConnectivityIndicator />
        <UpdateBanner />
        <DebugPanelOnDemand initiallyOpen={handOver?.debug === true} />
      </AppProvider>
    </StrictMode>,
  );
}
