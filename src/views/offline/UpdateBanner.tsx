import { useSelector } from '@xstate/react';
import { RefreshCw } from 'lucide-react';
import type { AppUpdateActorRef } from '../../machines/offline/appUpdate.machine';
import {
  UPDATE_LATER_LABEL,
  UPDATE_READY_TEXT,
  UPDATE_RELOAD_LABEL,
  isUpdateReloading,
  isUpdateShown,
  updateControls,
} from '../../machines/offline/appUpdate.connect';
import { useApp } from '../AppContext';
import { Button } from '../ui/Button';

/**
 * "A new version of Stoa is ready · Reload" (the app's update machine, systemId 'appUpdate';
 * docs/client-offline.md). A small card at the bottom: above the phone's bottom bar, in the
 * bottom-right corner from 1024px; it blocks nothing, and its buttons are in the tab order.
 */
export function UpdateBanner() {
  const app = useApp();
  const updates = useSelector(app, (s) => s.children.appUpdate);
  return updates ? <UpdateCard actor={updates} /> : null;
}

export function UpdateCard({ actor }: { actor: AppUpdateActorRef }) {
  const shown = useSelector(actor, isUpdateShown);
  const reloading = useSelector(actor, isUpdateReloading);
  if (!shown) return null;
  const { reload, later } = updateControls(actor);
  return (
    <section
      aria-label="App update"
      className={
        'fixed inset-x-2 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-40 flex flex-wrap items-center gap-x-3 gap-y-2 ' +
        'rounded-2xl border border-neutral-200 bg-white px-4 py-3 text-neutral-900 shadow-lg ' +
        'sm:left-auto sm:right-4 sm:w-[26rem] lg:bottom-4 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 ' +
        'motion-safe:animate-[toast-in_180ms_ease-out]'
      }
    >
      <RefreshCw aria-hidden="true" size={18} className="shrink-0 text-accent-strong dark:text-[#ff8a9b]" />
      <p role="status" aria-live="polite" className="min-w-0 flex-1 text-sm font-medium">
        {UPDATE_READY_TEXT}
      </p>
      <div className="flex gap-2">
        <Button variant="ghost" size="sm" onPress={later} isDisabled={reloading}>
          {UPDATE_LATER_LABEL}
        </Button>
        <Button size="sm" onPress={reload} isPending={reloading}>
          {UPDATE_RELOAD_LABEL}
        </Button>
      </div>
    </section>
  );
}
