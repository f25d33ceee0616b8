import type { ReactNode } from 'react';
import { deferred } from '../overlays/Deferred';
import { useMediaQuery, useSessionProfile, WIDE_SCREEN } from './useShell';

// The column's code (its machine, panels, follow buttons) is fetched only where it is drawn: a
// phone never loads it.
const MemberAside = deferred(() => import('./MemberAside').then((module) => module.MemberAside));

/**
 * A member page with the right column from 1024px (who to follow, the member's groups). Below
 * that the column is not rendered at all, so phones fetch nothing for it (neither its data nor its code).
 */
export function PageWithAside({ children }: { children: ReactNode }) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const profile = useSessionProfile();
  return (
    <div className="flex justify-center gap-6">
      <div className="min-w-0 max-w-2xl flex-1">{children}</div>
      {wide && profile ? (
        // The column's width is held from the first paint, so the page does not jump sideways when
        // its code arrives (a click aimed at the page meanwhile would land beside its target).
        <div className="sticky top-20 w-64 shrink-0 self-start xl:w-72">
          <MemberAside userId={profile._id} />
        </div>
      ) : null}
    </div>
  );
}
