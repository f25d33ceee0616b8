import type { ReactNode } from 'react';

// Placeholder: replaced by the guard machine's view.
export function MemberGuard({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
