import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { GuardArea } from '../../machines/session/authGuard.machine';
import { isLetIn, isSessionEnded, isUnreachable } from '../../machines/session/authGuard.connect';
import { hasToken } from '../../machines/session/session.connect';
import { useScreenActor } from '../shared/useScreenActor';
import { useGuardLogic } from './GuardLogic';
import { useAppChild } from '../AppContext';
import { PageSpinner } from '../ui/PageSpinner';
import { Unreachable } from './Unreachable';

/**
 * Runs the guard machine for an area and renders the area only once the member is let in.
 * While the check runs (and while a refused visitor is being sent away) a spinner shows; when the
 * server cannot be reached and nothing is kept for this session, "Stoa cannot be reached".
 */
export function AuthGuard({ area, children }: { area: GuardArea; children: ReactNode }) {
  const session = useAppChild('session');
  const [input] = useState(() => ({ area, hasToken: hasToken(session.getSnapshot()) }));
  const guard = useScreenActor(useGuardLogic(), { input });
  const allowed = useSelector(guard, isLetIn);
  const sessionEnded = useSelector(session, isSessionEnded);
  const unreachable = useSelector(guard, isUnreachable);

  useEffect(() => {
    if (allowed && sessionEnded) guard.send({ type: 'guard.sessionEnded' });
  }, [allowed, sessionEnded, guard]);

  if (unreachable) return <Unreachable onRetry={() => guard.send({ type: 'guard.retry' })} />;
  return allowed && !sessionEnded ? <>{children}</> : <PageSpinner label="Checking your session" />;
}
