import { useMemo } from 'react';
import { guardLogic } from '../../effects/session/guard';
import { useApp } from '../AppContext';

/** The area guard's machine with its real effects, bound to the running app actor. */
export function useGuardLogic() {
  const app = useApp();
  return useMemo(() => guardLogic(app), [app]);
}
