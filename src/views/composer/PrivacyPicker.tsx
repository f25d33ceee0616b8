import { Check, ChevronDown, Globe, Lock, Users, type LucideIcon } from 'lucide-react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text } from 'react-aria-components';
import { PRIVACY_LEVELS } from '../../api/constants';
import type { Privacy } from '../../api/posts';

/** The spec's privacy options with their descriptions. */
export const PRIVACY_OPTIONS: Record<Privacy, { description: string; icon: LucideIcon }> = {
  Public: { description: 'anyone on the product', icon: Globe },
  Followers: { description: 'your followers on the product', icon: Users },
  Private: { description: 'for you only', icon: Lock },
};

export interface PrivacyPickerProps {
  value: Privacy;
  onChange: (value: Privacy) => void;
  isDisabled?: boolean;
}

/**
 * Who can see the post: a compact menu under the author's name (icon + label, as Mastodon's),
 * whose options carry the spec's descriptions. A react-aria Select: arrow keys, typeahead,
 * Escape; the button names the label and the choice for screen readers.
 */
export function PrivacyPicker({ value, onChange, isDisabled }: PrivacyPickerProps) {
  const Icon = PRIVACY_OPTIONS[value].icon;
  return (
    <Select selectedKey={value} onSelectionChange={(key) => onChange(key as Privacy)} isDisabled={isDisabled} className="inline-flex">
      <Label className="sr-only">Who can see this?</Label>
      <Button
        className={
          'inline-flex cursor-pointer items-center gap-1 rounded-full border border-neutral-300 px-2.5 py-0.5 text-xs font-semibold text-neutral-800 outline-none ' +
          'data-[hovered]:bg-neutral-100 data-[pressed]:bg-neutral-200 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 ' +
          'dark:border-neutral-600 dark:text-neutral-200 dark:data-[hovered]:bg-neutral-800 dark:data-[pressed]:bg-neutral-700'
        }
      >
        <Icon aria-hidden="true" size={14} />
        <SelectValue>{() => value}</SelectValue>
        <ChevronDown aria-hidden="true" size={14} />
      </Button>
      <Popover
        placement="bottom start"
        offset={6}
        className={
          'w-72 max-w-[calc(100vw-2rem)] rounded-2xl border border-neutral-200 bg-white p-1.5 shadow-xl outline-none ' +
          'motion-safe:data-[entering]:animate-[menu-in_140ms_ease-out] dark:border-neutral-800 dark:bg-neutral-900'
        }
      >
        <ListBox className="outline-none">
          {PRIVACY_LEVELS.map((level) => {
            const { description, icon: OptionIcon } = PRIVACY_OPTIONS[level];
            return (
              <ListBoxItem
                key={level}
                id={level}
                textValue={level}
                className={
                  'flex cursor-pointer items-start gap-3 rounded-xl px-3 py-2 text-neutral-800 outline-none ' +
                  'data-[focused]:bg-neutral-100 data-[selected]:text-accent-ink dark:text-neutral-200 dark:data-[focused]:bg-neutral-800 dark:data-[selected]:text-accent-ink-dark'
                }
              >
                {({ isSelected }) => (
                  <>
                    <OptionIcon aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
                    <span className="flex flex-1 flex-col">
                      <Text slot="label" className="text-sm font-semibold">
                        {level}
                      </Text>
                      <Text slot="description" className="text-xs text-neutral-600 dark:text-neutral-400">
                        {description}
                      </Text>
                    </span>
                    {isSelected ? <Check aria-hidden="true" size={16} className="mt-0.5 shrink-0" /> : null}
                  </>
                )}
              </ListBoxItem>
            );
          })}
        </ListBox>
      </Popover>
    </Select>
  );
}
