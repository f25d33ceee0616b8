import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { AppActorRef } from '../effects/shell/app';

const AppContext = createContext<AppActorRef | null>(null);

export function AppProvider({ actor, children }: { actor: AppActorRef; children: ReactNode }) {
  return <AppContext.Provider value={actor}>{children}</AppContext.Provider>;
}

/** The root actor; screens reach the long-lived children through it. */
export function useApp(): AppActorRef {
  const actor = useContext(AppContext);
  if (!actor) throw new Error('useApp outside <AppProvider>');
  return actor;
}

/** The root actor, or null where a component is drawn without the app (a few views' own tests). */
export function useOptionalApp(): AppActorRef | null {
  return useContext(AppContext);
}

type Children = ReturnType<AppActorRef['getSnapshot']>['children'];

/** A long-lived child of the app actor by id (theme, session, toasts, ...). */
export function useAppChild<K extends keyof Children>(id: K): NonNullable<Children[K]> {
  const app = useApp();
  const child = useSelector(app, (snapshot) => snapshot.children[id]);
  if (!child) throw new Error(`app child "${String(id)}" is not running`);
  return child as NonNullable<Children[K]>;
}
