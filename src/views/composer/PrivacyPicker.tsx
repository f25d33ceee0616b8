import { Globe, Lock, Users, type LucideIcon } from 'lucide-react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
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

/** Who can see the post: a radio group (arrow keys move between the three). */
export function PrivacyPicker({ value, onChange, isDisabled }: PrivacyPickerProps) {
  return (
    <RadioGroup
      value={value}
      onChange={(next) => onChange(next as Privacy)}
      isDisabled={isDisabled}
      orientation="horizontal"
      className="flex flex-col gap-2"
    >
      <Label className="text-sm font-medium text-neutral-800 dark:text-neutral-200">Who can see this?</Label>
      <div className="grid grid-cols-1 gap-2 min-[480px]:grid-cols-3">
        {PRIVACY_LEVELS.map((level) => {
          const { description, icon: Icon } = PRIVACY_OPTIONS[level];
          return (
            <Radio
              key={level}
              value={level}
              className={
                'group flex cursor-pointer items-start gap-2 rounded-xl border px-3 py-2 outline-none transition-colors ' +
                'border-neutral-300 text-neutral-800 data-[hovered]:bg-neutral-50 ' +
                'data-[selected]:border-accent-strong data-[selected]:bg-accent-soft data-[selected]:text-accent-ink ' +
                'data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent ' +
                'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 ' +
                'dark:border-neutral-700 dark:text-neutral-200 dark:data-[hovered]:bg-neutral-800 ' +
                'dark:data-[selected]:border-accent dark:data-[selected]:bg-accent/15 dark:data-[selected]:text-accent-ink-dark'
              }
            >
              <Icon aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
              <span className="flex flex-col">
                <span className="text-sm font-semibold">{level}</span>
                <span className="text-xs text-neutral-600 group-data-[selected]:text-current dark:text-neutral-400">{description}</span>
              </span>
            </Radio>
          );
        })}
      </div>
    </RadioGroup>
  );
}
