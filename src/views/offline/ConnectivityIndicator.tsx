import { useSelector } from '@xstate/react';
import { CloudOff, RefreshCw } from 'lucide-react';
import { CONNECTIVITY_TEXT, shownConnectivity } from '../../machines/offline/connectivity.connect';
import type { ConnectivityActorRef } from '../../machines/offline/connectivity.machine';
import { useApp } from '../AppContext';

/**
 * A small pill while the app is offline or its live connection is coming back (the app's
 * connectivity machine, systemId 'connectivity'; docs/client-offline.md), announced politely and
 * letting pointer events through. Below 1024 px it sits in the header's empty middle (between the
 * brand and the search button; on a phone the icon alone, its words for screen readers and as a
 * tooltip): at the bottom it covered the inputs members type in offline, a comment's box and the
 * chat composer. From 1024 px the header's middle is the search box, and the pill sits at the
 * bottom centre, under the page's columns.
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
      className="pointer-events-none fixed inset-x-0 top-[calc(0.875rem+env(safe-area-inset-top))] z-50 flex justify-center lg:top-auto lg:bottom-4"
    >
      {state === 'online' ? null : (
        <p
          data-connectivity={state}
          title={CONNECTIVITY_TEXT[state]}
          className="flex items-center gap-2 rounded-full bg-neutral-900 p-1.5 text-xs font-semibold text-white shadow-lg sm:px-3 dark:bg-neutral-100 dark:text-neutral-900"
        >
          {state === 'offline' ? (
            <CloudOff aria-hidden="true" size={14} />
          ) : (
            <RefreshCw aria-hidden="true" size={14} className="motion-safe:animate-spin" />
          )}
          <span className="sr-only sm:not-sr-only">{CONNECTIVITY_TEXT[state]}</span>
        </p>
      )}
    </div>
  );
}
