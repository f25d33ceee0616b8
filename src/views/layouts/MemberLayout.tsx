import type { ReactNode } from 'react';

// Placeholder: replaced by the member layout (sidebar, header).
export function MemberLayout({ children }: { children: ReactNode }) {
  return <div>{children}</div>;
}
