import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** An inline link in the accent colour (AA on white and on the dark surfaces). */
export const textLinkClasses = 'font-semibold text-accent-strong underline-offset-4 hover:underline dark:text-accent rounded-sm';

export function TextLink({ href, children, className = '' }: { href: string; children: ReactNode; className?: string }) {
  return (
    <Link href={href} className={`${textLinkClasses} ${className}`}>
      {children}
    </Link>
  );
}
