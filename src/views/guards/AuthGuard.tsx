import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { journal } from '../../effects/debug/journal';
import type { authGuardMachine, GuardArea } from '../../machines/session/authGuard.machine';
import { useAppChild } from '../AppContext';
import { PageSpinner } from '../ui/PageSpinner';

/**
 * Runs the guard machine for an area and renders the area only once the member is let in.
 * While the check runs (and while a refused visitor is being sent away) a spinner shows.
 */
export function AuthGuard({ area, logic, children }: { area: GuardArea; logic: typeof authGuardMachine; children: ReactNode }) {
  const session = useAppChild('session');
  const [input] = useState(() => ({ area, hasToken: session.getSnapshot().context.token !== '' }));
  const guard = useActorRef(logic, { input, inspect: journal.inspect });
  const allowed = useSelector(guard, (s) => s.matches('allowed'));
  const sessionEnded = useSelector(session, (s) => s.matches('signedOut'));

  useEffect(() => {
    if (allowed && sessionEnded) guard.send({ type: 'guard.sessionEnded' });
  }, [allowed, sessionEnded, guard]);

  return allowed && !sessionEnded ? <>{children}</> : <PageSpinner label="Checking your session" />;
}
