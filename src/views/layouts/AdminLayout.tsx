import type { ReactNode } from 'react';

// Placeholder: replaced by the admin layout.
export function AdminLayout({ children }: { children: ReactNode }) {
  return <div>{children}</div>;
}
