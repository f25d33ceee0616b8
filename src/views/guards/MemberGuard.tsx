import type { ReactNode } from 'react';
import { useAuthLogic } from '../auth/useAuthLogic';
import { AuthGuard } from './AuthGuard';

/** /app/social: members who are signed in and not banned. */
export function MemberGuard({ children }: { children: ReactNode }) {
  const { guard } = useAuthLogic();
  return (
    <AuthGuard area="member" logic={guard}>
      {children}
    </AuthGuard>
  );
}
