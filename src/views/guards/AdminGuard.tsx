import type { ReactNode } from 'react';
import { AuthGuard } from './AuthGuard';

/** /admin: signed-in accounts with the ADMIN role; anyone else goes to /admin/signin. */
export function AdminGuard({ children }: { children: ReactNode }) {
  return <AuthGuard area="admin">{children}</AuthGuard>;
}
