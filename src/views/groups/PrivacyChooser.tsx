import { Globe, Lock } from 'lucide-react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { GroupPrivacy } from '../../api/groups';

const OPTIONS = [
  { value: 'public', title: 'Public', text: 'Anyone can see the group and its members', icon: Globe },
  { value: 'private', title: 'Private', text: 'Only members can see posts and member list', icon: Lock },
] as const;

/** The group privacy chooser (spec section 2): two cards in a radio group. */
export function PrivacyChooser({
  value,
  onChange,
  isDisabled,
}: {
  value: GroupPrivacy;
  onChange: (value: GroupPrivacy) => void;
  isDisabled?: boolean;
}) {
  return (
    <RadioGroup value={value} onChange={(v) => onChange(v as GroupPrivacy)} isDisabled={isDisabled} className="flex flex-col gap-2">
      <Label className="text-sm font-medium text-neutral-800 dark:text-neutral-200">Privacy</Label>
      <div className="grid gap-2 sm:grid-cols-2">
        {OPTIONS.map(({ value: option, title, text, icon: Icon }) => (
          <Radio
            key={option}
            value={option}
            className={
              'flex cursor-pointer items-start gap-3 rounded-2xl border-2 border-neutral-200 p-3 outline-none transition-colors ' +
              'data-[selected]:border-accent data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent ' +
              'data-[disabled]:opacity-60 dark:border-neutral-700'
            }
          >
            <Icon aria-hidden="true" size={20} className="mt-0.5 shrink-0 text-neutral-700 dark:text-neutral-300" />
            <span className="flex flex-col">
              <span className="font-semibold text-neutral-900 dark:text-white">{title}</span>
              <span className="text-sm text-neutral-600 dark:text-neutral-400">{text}</span>
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
