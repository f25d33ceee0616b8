import type { ReactNode } from 'react';
import { AuthGuard } from './AuthGuard';

/** /app/social: members who are signed in and not banned. */
export function MemberGuard({ children }: { children: ReactNode }) {
  return <AuthGuard area="member">{children}</AuthGuard>;
}
