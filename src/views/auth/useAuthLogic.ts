import { useMemo } from 'react';
import { authLogic, type AuthLogic } from '../../effects/auth/auth';
import { useApp } from '../AppContext';

/** The auth machines with their real effects, bound to the running app actor. */
export function useAuthLogic(): AuthLogic {
  const app = useApp();
  return useMemo(() => authLogic(app), [app]);
}
