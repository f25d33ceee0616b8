import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor } from 'xstate';
import type { AppActorRef } from '../../src/effects/shell/app';
import { toastQueueLogic } from '../../src/effects/shell/toasts';
import { appMachine } from '../../src/machines/shell/app.machine';
import { navigationMachine } from '../../src/machines/shell/navigation.machine';
import { AppProvider } from '../../src/views/AppContext';

export interface ShellHooks {
  resetFeed: string[];
  clearPrivateChat: number;
}

/**
 * The app actor as main.tsx starts it, minus the world: the session's sign-out call and
 * storage are the machines' placeholders; the navigation hooks are recorded.
 */
export function startTestApp({ storedTheme = null as string | null } = {}) {
  const hooks: ShellHooks = { resetFeed: [], clearPrivateChat: 0 };
  const navigation = navigationMachine.provide({
    actions: {
      resetFeed: (_, params) => void hooks.resetFeed.push(params.feed),
      clearPrivateChat: () => void (hooks.clearPrivateChat += 1),
    },
  });
  const app = createActor(appMachine.provide({ actors: { toasts: toastQueueLogic, navigation } }), {
    input: { storedTheme, storedToken: null },
  }) as unknown as AppActorRef;
  app.start();
  return { app, hooks };
}

/** Renders inside the app provider and a memory router at `path`. */
export function withApp(app: AppActorRef, path: string, children: ReactNode) {
  const location = memoryLocation({ path, record: true });
  const ui = (
    <AppProvider actor={app}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    </AppProvider>
  );
  return { ui, location };
}
