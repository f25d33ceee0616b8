import { useSelector } from '@xstate/react';
import { CloudOff, RefreshCw } from 'lucide-react';
import { CONNECTIVITY_TEXT, shownConnectivity } from '../../machines/offline/connectivity.connect';
import type { ConnectivityActorRef } from '../../machines/offline/connectivity.machine';
import { useApp } from '../AppContext';

/**
 * A small pill just under the header, centred, while the app is offline or its live connection is
 * coming back (the app's connectivity machine, systemId 'connectivity'; docs/client-offline.md).
 * Announced politely. Not at the bottom: there it covered the inputs members type in offline (a
 * comment's box, the chat composer) on phones; under the header it lies over a page title's
 * middle, which holds no control, and it lets pointer events through.
 */
export function ConnectivityIndicator() {
  const app = useApp();
  const connectivity = useSelector(app, (s) => s.children.connectivity);
  return connectivity ? <ConnectivityPill actor={connectivity} /> : null;
}

export function ConnectivityPill({ actor }: { actor: ConnectivityActorRef }) {
  const state = useSelector(actor, shownConnectivity);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-[calc(4rem+env(safe-area-inset-top))] z-40 flex justify-center"
    >
      {state === 'online' ? null : (
        <p
          data-connectivity={state}
          className="flex items-center gap-2 rounded-full bg-neutral-900 px-3 py-1.5 text-xs font-semibold text-white shadow-lg dark:bg-neutral-100 dark:text-neutral-900"
        >
          {state === 'offline' ? (
            <CloudOff aria-hidden="true" size={14} />
          ) : (
            <RefreshCw aria-hidden="true" size={14} className="motion-safe:animate-spin" />
          )}
          {CONNECTIVITY_TEXT[state]}
        </p>
      )}
    </div>
  );
}
