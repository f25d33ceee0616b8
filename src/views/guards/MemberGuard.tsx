import type { ReactNode } from 'react';
import { useGuardLogic } from './useGuardLogic';
import { AuthGuard } from './AuthGuard';

/** /app/social: members who are signed in and not banned. */
export function MemberGuard({ children }: { children: ReactNode }) {
  const guard = useGuardLogic();
  return (
    <AuthGuard area="member" logic={guard}>
      {children}
    </AuthGuard>
  );
}
