import { Sparkles } from 'lucide-react';

/**
 * The calm empty state of a section that is not built yet. Members do see it, so it speaks to
 * them: the section's name, and that it is on its way.
 */
export function SectionPlaceholder({ section }: { section: string }) {
  return (
    <section
      aria-labelledby="section-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-3xl border border-neutral-200 bg-white px-6 py-14 text-center shadow-sm dark:border-neutral-800 dark:bg-neutral-900"
    >
      <span
        aria-hidden="true"
        className="inline-flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent-strong dark:bg-accent/15 dark:text-accent"
      >
        <Sparkles size={26} />
      </span>
      <h1 id="section-title" className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
        {section}
      </h1>
      <p className="rounded-full bg-neutral-100 px-3 py-1 text-xs font-semibold tracking-wide text-neutral-700 uppercase dark:bg-neutral-800 dark:text-neutral-300">
        Coming soon
      </p>
      <p className="max-w-sm text-[15px] leading-relaxed text-neutral-600 dark:text-neutral-400">
        We are still building this part of Stoa. It will appear here as soon as it is ready.
      </p>
    </section>
  );
}
