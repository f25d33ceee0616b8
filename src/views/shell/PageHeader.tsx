import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cameFromInsideApp } from '../../effects/shell/inAppHistory';

/**
 * Back: where the member came from when that was a page of Stoa (history back, so the list they
 * left keeps its place), else the page's parent (`href`, a wouter href: relative to the area or
 * `~absolute`), e.g. a post opened from a link elsewhere goes to the Streams. A real link to the
 * parent, so a middle click or a modifier still opens the parent.
 */
export function BackLink({ href, className = '' }: { href: string; className?: string }) {
  return (
    <Link
      href={href}
      aria-label="Back"
      onClick={(event) => {
        if (!cameFromInsideApp()) return;
        event.preventDefault();
        window.history.back();
      }}
      className={
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-neutral-700 outline-none transition-colors ' +
        'hover:bg-neutral-100 active:bg-neutral-200 dark:text-neutral-200 dark:hover:bg-neutral-800 dark:active:bg-neutral-700 ' +
        className
      }
    >
      <ArrowLeft aria-hidden="true" size={20} />
    </Link>
  );
}

/** The header of a page reached from a list (a post, a question): Back and the page's h1. */
export function PageHeader({ title, back, children }: { title: ReactNode; back: string; children?: ReactNode }) {
  return (
    <header className="-ml-2 flex min-h-10 items-center gap-1">
      <BackLink href={back} />
      <h1 className="min-w-0 flex-1 truncate text-xl font-bold tracking-tight text-neutral-900 dark:text-white">{title}</h1>
      {children}
    </header>
  );
}
