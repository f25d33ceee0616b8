import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AppActorRef } from '../../effects/shell/app';
import { useOptionalApp } from '../AppContext';

/**
 * The one way an area hands its effect-wired machines to views. An area's effects export a
 * factory (`groupsLogic(app)`); `areaLogic` turns it into a provider and a hook. Screens call
 * the hook and get the real machines bound to the running app; a test wraps the screen in the
 * provider with `logic` (fakes for the outside world) and the screen does not know the difference.
 */
export function areaLogic<L>(build: (app: AppActorRef) => L) {
  const Context = createContext<L | null>(null);

  function Provider({ logic, children }: { logic?: L; children: ReactNode }) {
    // A test that hands in every fake may draw the screen without the app.
    const app = useOptionalApp();
    const value = useMemo(() => logic ?? build(required(app)), [logic, app]);
    return <Context.Provider value={value}>{children}</Context.Provider>;
  }

  function useLogic(): L {
    const provided = useContext(Context);
    const app = useOptionalApp();
    // Without a provider the screen builds the real logic once per app actor.
    return useMemo(() => provided ?? build(required(app)), [provided, app]);
  }

  return { Provider, useLogic };
}

function required(app: AppActorRef | null): AppActorRef {
  if (!app) throw new Error('the logic of an area needs the app actor (<AppProvider>) or a provided logic');
  return app;
}
