import type { ReactNode } from 'react';

// Placeholder: replaced by the guard machine's view.
export function AdminGuard({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
