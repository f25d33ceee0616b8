import { useMemo, type ReactNode } from 'react';
import { authLogic } from '../../effects/auth/auth';
import { useOptionalApp } from '../AppContext';
import { AuthLogicProvider, useProvidedAuthLogic } from './AuthLogic';

/**
 * The auth forms of the app's pages (the sign-in page, the admin sign-in and sign-up) with the
 * app's effects, bound to the running app; logic handed in above (a test's fakes) is kept.
 */
export function AppAuthLogic({ children }: { children: ReactNode }) {
  const provided = useProvidedAuthLogic();
  const app = useOptionalApp();
  const logic = useMemo(() => {
    if (provided) return provided;
    if (!app) throw new Error('the auth forms need the app actor (<AppProvider>) or a provided logic');
    return authLogic(app);
  }, [provided, app]);
  return <AuthLogicProvider logic={logic}>{children}</AuthLogicProvider>;
}
