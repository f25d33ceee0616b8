import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { GuardArea } from '../../machines/session/authGuard.machine';
import { isLetIn, isSessionEnded } from '../../machines/session/authGuard.connect';
import { hasToken } from '../../machines/session/session.connect';
import { useScreenActor } from '../shared/useScreenActor';
import { useGuardLogic } from './GuardLogic';
import { useAppChild } from '../AppContext';
import { PageSpinner } from '../ui/PageSpinner';

/**
 * Runs the guard machine for an area and renders the area only once the member is let in.
 * While the check runs (and for the second before a failed check sends the visitor away) a
 * spinner shows.
 */
export function AuthGuard({ area, children }: { area: GuardArea; children: ReactNode }) {
  const session = useAppChild('session');
  const [input] = useState(() => ({ area, hasToken: hasToken(session.getSnapshot()) }));
  const guard = useScreenActor(useGuardLogic(), { input });
  const allowed = useSelector(guard, isLetIn);
  const sessionEnded = useSelector(session, isSessionEnded);

  useEffect(() => {
    if (allowed && sessionEnded) guard.send({ type: 'guard.sessionEnded' });
  }, [allowed, sessionEnded, guard]);

  return allowed && !sessionEnded ? <>{children}</> : <PageSpinner label="Checking your session" />;
}
