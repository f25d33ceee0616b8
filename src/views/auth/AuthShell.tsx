import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Brand } from '../shell/Brand';

/**
 * The frame of the single-card auth screens (forgot and reset password, admin sign-in and
 * sign-up): the brand above a rounded card with a title and a short intro. At 550px and below
 * the card loses its frame and fills the screen.
 */
export function AuthShell({
  title,
  intro,
  icon,
  iconTone = 'accent',
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  icon?: ReactNode;
  /** The icon's colours: the accent, or green for good news (an approved appeal). */
  iconTone?: 'accent' | 'success';
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-neutral-50 px-0 py-6 min-[551px]:justify-center min-[551px]:px-6 min-[551px]:py-12 dark:bg-neutral-950">
      <Link href="/" className="mb-6 rounded-lg min-[551px]:mb-8">
        <Brand size="md" />
      </Link>
      <div className="w-full bg-white px-5 py-8 min-[551px]:max-w-md min-[551px]:rounded-3xl min-[551px]:border min-[551px]:border-neutral-200 min-[551px]:px-8 min-[551px]:shadow-sm dark:bg-neutral-900 min-[551px]:dark:border-neutral-800">
        <div className="mb-6 flex flex-col gap-2">
          {icon ? (
            <span
              aria-hidden="true"
              className={`mb-2 inline-flex size-11 items-center justify-center rounded-2xl ${
                iconTone === 'success'
                  ? 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-400'
                  : 'bg-accent-soft text-accent-strong dark:bg-accent/15 dark:text-accent'
              }`}
            >
              {icon}
            </span>
          ) : null}
          <h1 className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">{title}</h1>
          {intro ? <p className="text-sm leading-relaxed text-neutral-600 dark:text-neutral-400">{intro}</p> : null}
        </div>
        {children}
        {footer ? <div className="mt-6 flex justify-center text-sm">{footer}</div> : null}
      </div>
    </main>
  );
}
