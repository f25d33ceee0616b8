import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useOptionalApp } from '../AppContext';

/** The toast when an overlay's code could not be fetched (offline, or a new build replaced it). */
export const DEFERRED_FAILED = 'This could not be opened. Check your connection and try again.';

/**
 * A component whose code is fetched the first time it is drawn (the overlays of a page,
 * its dialogs, menus and pickers, are not on the page's first load). `preload()` starts the fetch
 * earlier: on the intent to open (hover, focus) of what opens it. While the code arrives nothing
 * is drawn in its place (an overlay that is not there yet), then it opens as it always did.
 * A failed fetch (offline) draws nothing, says so in a toast (once, until a fetch succeeds: an
 * overlay that stays drawn, like the phone drawer, is drawn again often), and is tried again on
 * the next draw, rather than throwing into the page as React.lazy would.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Deferred(props: P) {
    const [Component, setComponent] = useState(() => loaded);
    const app = useOptionalApp();
    const told = useRef(false);
    // After every draw without the code (a failed fetch is tried again when the overlay is next
    // opened or closed); preload() shares one fetch between draws.
    useEffect(() => {
      if (Component) return;
      let live = true;
      preload().then(
        (component) => live && setComponent(() => component),
        () => {
          if (!live || told.current) return;
          told.current = true;
          app?.system.get('toasts')?.send({ type: 'toasts.show', toast: { type: 'error', description: DEFERRED_FAILED } });
        },
      );
      return () => {
        live = false;
      };
    });
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(Deferred, { preload: () => void preload().catch(() => undefined) });
}
