import '@fontsource-variable/inter';
import './views/styles.css';
import { createDevInspector } from './effects/debug/inspector';
import { journal } from './effects/debug/journal';
import { appActors } from './effects/debug/actorRegistry';
import { startInAppHistory } from './effects/shell/inAppHistory';
import { opensSignInPage } from './effects/shell/boot';

// The bootstrap (docs/client-shell.md, "Weight"): a visitor who opens '/' with no stored session
// gets the light sign-in page (src/signInEntry.tsx), which hands over to the app after a sign-in;
// every other load starts the app (src/appEntry.tsx). Neither loads the other's code.
// journal.inspect is the one inspection observer of every actor (the root here, screens in
// their useActorRef). In development, VITE_XSTATE_INSPECT=true adds the Stately inspector
// behind it, before the first actor starts (docs/client-shell.md).
// Which history entries are Stoa's own, from the first one: a page's Back goes back only to those.
startInAppHistory();

void createDevInspector().then(async (inspector) => {
  if (inspector) journal.forwardTo(inspector);
  // The running actors the statechart explorer lists (only references: its code loads on demand).
  appActors.start();
  if (opensSignInPage()) (await import('./signInEntry')).startSignInPage();
  else (await import('./appEntry')).startAppEntry();
});
