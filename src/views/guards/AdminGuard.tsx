import type { ReactNode } from 'react';
import { useGuardLogic } from './useGuardLogic';
import { AuthGuard } from './AuthGuard';

/** /admin: signed-in accounts with the ADMIN role; anyone else goes to /admin/signin. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const guard = useGuardLogic();
  return (
    <AuthGuard area="admin" logic={guard}>
      {children}
    </AuthGuard>
  );
}
