import { lazy, Suspense, useEffect, useState } from 'react';
import { debugRequested, isDebugShortcut, journalRequested } from '../../effects/debug/debugShortcut';

const DebugPanel = lazy(() => import('../debug/DebugPanel').then((module) => ({ default: module.DebugPanel })));

/**
 * The debug panel's place in the app: its code (and its icons) is fetched only when someone asks
 * for it with Ctrl+Alt+J or ?debug=1, since members never do; from then on the panel itself
 * toggles with the same shortcut. `initiallyOpen`: the light sign-in page handed over on Ctrl+Alt+J.
 */
export function DebugPanelOnDemand({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const [wanted, setWanted] = useState(() => initiallyOpen || debugRequested() || journalRequested() !== undefined);

  useEffect(() => {
    if (wanted) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (!isDebugShortcut(event)) return;
      event.preventDefault();
      setWanted(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <DebugPanel initiallyOpen />
    </Suspense>
  );
}
