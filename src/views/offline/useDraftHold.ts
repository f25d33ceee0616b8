import { useEffect, useId } from 'react';
import { drafts } from '../../effects/offline/drafts';

/**
 * Tells the app that something the member is writing is open (a composer, a chat draft), so the
 * update banner waits until it is closed (src/effects/offline/drafts.ts).
 */
export function useDraftHold(open: boolean) {
  const key = useId();
  useEffect(() => {
    if (!open) return;
    drafts.hold(key);
    return () => drafts.release(key);
  }, [key, open]);
}
