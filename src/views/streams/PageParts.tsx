import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">{children}</h1>;
}

/** A list's calm empty state. */
export function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <section className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-neutral-300 bg-white px-6 py-12 text-center dark:border-neutral-700 dark:bg-neutral-900">
      <span
        aria-hidden="true"
        className="inline-flex size-12 items-center justify-center rounded-2xl bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300"
      >
        <Inbox size={24} />
      </span>
      <h2 className="text-lg font-semibold text-neutral-900 dark:text-white">{title}</h2>
      <p className="max-w-sm text-[15px] text-neutral-600 dark:text-neutral-400">{text}</p>
      {action}
    </section>
  );
}
