/** The frame of the profile's cards (basic info, links, hobbies). */
export const cardClass =
  'flex flex-col gap-3 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900';
export const cardTitle = 'font-semibold text-neutral-900 dark:text-white';
export const mutedText = 'text-sm text-neutral-600 dark:text-neutral-400';
