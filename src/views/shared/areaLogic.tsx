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

/**
 * The same door for logic the page hands in itself (no default build): `useLogic` outside a
 * provider throws. The sign-in forms take theirs this way, so the light sign-in page
 * (src/signInEntry.tsx) draws them without loading the app's API client.
 */
export function providedLogic<L>(what: string) {
  const Context = createContext<L | null>(null);

  function Provider({ logic, children }: { logic: L; children: ReactNode }) {
    return <Context.Provider value={logic}>{children}</Context.Provider>;
  }

  /** The logic handed in above, or null (a page that builds its own when none was). */
  const useProvided = (): L | null => useContext(Context);

  function useLogic(): L {
    const provided = useContext(Context);
    if (!provided) throw new Error(`${what} need their logic handed in by the page (a provider)`);
    return provided;
  }

  return { Provider, useLogic, useProvided };
}
