import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A component whose code is fetched the first time it is drawn (issue 15: the overlays of a page,
 * its dialogs, menus and pickers, are not on the page's first load). `preload()` starts the fetch
 * earlier: on the intent to open (hover, focus) of what opens it. While the code arrives nothing
 * is drawn in its place (an overlay that is not there yet), then it opens as it always did.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load());
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(Deferred, { preload });
}
