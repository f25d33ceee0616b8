import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useApp } from '../AppContext';
import { PageSpinner } from '../ui/PageSpinner';

/**
 * The member area draws once the signed-in services run (the app machine's `services.on`: the
 * outbox, socket and badges its pages reach with `system.get`), started from their own chunk when
 * the session signed in (docs/client-shell.md, "Weight"). Until then, the page's spinner.
 */
export function MemberServices({ children }: { children: ReactNode }) {
  const app = useApp();
  const ready = useSelector(app, (snapshot) => snapshot.matches({ services: 'on' }));
  return ready ? children : <PageSpinner />;
}
