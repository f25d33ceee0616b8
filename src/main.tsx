import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './views/styles.css';
import { startApp } from './effects/shell/app';
import { createDevInspector } from './effects/debug/inspector';
import { journal } from './effects/debug/journal';
import { AppProvider } from './views/AppContext';
import { AppRoutes } from './views/AppRoutes';
import { DebugPanelOnDemand } from './views/shell/DebugPanelOnDemand';
import { Toasts } from './views/shell/Toasts';
import { ConnectivityIndicator } from './views/offline/ConnectivityIndicator';
import { UpdateBanner } from './views/offline/UpdateBanner';
import { appActors } from './effects/debug/actorRegistry';
import { startInAppHistory } from './effects/shell/inAppHistory';

// journal.inspect is the one inspection observer of every actor (the app here, screens in
// their useActorRef). In development, VITE_XSTATE_INSPECT=true adds the Stately inspector
// behind it, before the first actor starts (docs/client-shell.md).
// Which history entries are Stoa's own, from the first one: a page's Back goes back only to those.
startInAppHistory();

void createDevInspector().then((inspector) => {
  if (inspector) journal.forwardTo(inspector);
  // The running actors the statechart explorer lists (only references: its code loads on demand).
  appActors.start();
  const app = startApp({ inspect: journal.inspect });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider actor={app}>
        <AppRoutes />
        <Toasts />
        <ConnectivityIndicator />
        <UpdateBanner />
        <DebugPanelOnDemand />
      </AppProvider>
    </StrictMode>,
  );
});
