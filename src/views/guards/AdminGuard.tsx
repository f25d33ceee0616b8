import type { ReactNode } from 'react';
import { useAuthLogic } from '../auth/useAuthLogic';
import { AuthGuard } from './AuthGuard';

/** /admin: signed-in accounts with the ADMIN role; anyone else goes to /admin/signin. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { guard } = useAuthLogic();
  return (
    <AuthGuard area="admin" logic={guard}>
      {children}
    </AuthGuard>
  );
}
