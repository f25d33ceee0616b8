import { ChevronDown, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { useMediaQuery } from '../../../layouts/useShell';

/** From here the about cards sit side by side above the posts. */
export const TWO_COLUMNS = '(min-width: 768px)';

/**
 * The profile's about cards (basic info, links, hobbies). On a phone the owner's are edit
 * cards: they fold behind 'Edit profile' so the posts come first; a visitor, or a wider screen,
 * sees them as they are.
 */
export function ProfileAbout({ isOwner, children }: { isOwner: boolean; children: ReactNode }) {
  const wide = useMediaQuery(TWO_COLUMNS);
  const cards = <div className="grid gap-4 md:grid-cols-2">{children}</div>;
  if (wide || !isOwner) return cards;
  return (
    <Disclosure className="group flex flex-col gap-4">
      <Heading level={2} className="m-0">
        <Button
          slot="trigger"
          className={
            'flex w-full cursor-pointer items-center gap-2 rounded-2xl border border-neutral-200 bg-white px-4 py-3 text-left text-[15px] font-semibold text-neutral-900 outline-none ' +
            'data-[hovered]:bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900 dark:text-white dark:data-[hovered]:bg-neutral-800'
          }
        >
          <Pencil aria-hidden="true" size={18} />
          <span className="flex-1">Edit profile</span>
          <ChevronDown
            aria-hidden="true"
            size={18}
            className="transition-transform group-data-[expanded]:rotate-180 motion-reduce:transition-none"
          />
        </Button>
      </Heading>
      <DisclosurePanel>{cards}</DisclosurePanel>
    </Disclosure>
  );
}
