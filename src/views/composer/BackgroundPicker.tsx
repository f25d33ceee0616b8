import { Check, Palette } from 'lucide-react';
import { Dialog, DialogTrigger, Label, Popover, Radio, RadioGroup } from 'react-aria-components';
import { IconButton } from '../ui/IconButton';
import { POST_BG_COLORS } from '../../api/posts/choices';
import { POST_BG_NAMES, textColorOn } from './postColors';

export interface BackgroundPickerProps {
  value: string;
  onChange: (value: string) => void;
  isDisabled?: boolean;
}

/** The nine post backgrounds as round swatches (a radio group, each named for screen readers). */
export function BackgroundPicker({ value, onChange, isDisabled }: BackgroundPickerProps) {
  return (
    <RadioGroup
      value={value.toLowerCase()}
      onChange={onChange}
      isDisabled={isDisabled}
      orientation="horizontal"
      className="flex flex-col gap-2"
    >
      <Label className="text-sm font-medium text-neutral-800 dark:text-neutral-200">Background</Label>
      <div className="flex flex-wrap gap-2">
        {POST_BG_COLORS.map((color) => (
          <Radio
            key={color}
            value={color}
            aria-label={POST_BG_NAMES[color]}
            className={
              'group flex size-8 cursor-pointer items-center justify-center rounded-full border-2 border-neutral-300 outline-none ' +
              'data-[selected]:border-neutral-900 data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent ' +
              'dark:border-neutral-600 dark:data-[selected]:border-white'
            }
            style={{ backgroundColor: color }}
          >
            {({ isSelected }) => (isSelected ? <Check aria-hidden="true" size={16} strokeWidth={3} color={textColorOn(color)} /> : null)}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

/**
 * The backgrounds behind a toolbar button: a popover with the swatches (Escape or a click
 * outside closes it; the chosen colour shows on the text at once). The button's dot shows the
 * current background.
 */
export function BackgroundButton({ value, onChange, isDisabled }: BackgroundPickerProps) {
  return (
    <DialogTrigger>
      <IconButton label="Background" isDisabled={isDisabled} className="relative data-[disabled]:opacity-60">
        <Palette size={20} />
        <span
          className="absolute right-1.5 bottom-1.5 size-2.5 rounded-full border border-neutral-400"
          style={{ backgroundColor: value }}
        />
      </IconButton>
      <Popover
        placement="top"
        offset={8}
        className={
          'w-64 rounded-2xl border border-neutral-200 bg-white p-3 shadow-xl outline-none ' +
          'motion-safe:data-[entering]:animate-[menu-in_140ms_ease-out] dark:border-neutral-800 dark:bg-neutral-900'
        }
      >
        <Dialog aria-label="Background colour" className="outline-none">
          <BackgroundPicker value={value} onChange={onChange} isDisabled={isDisabled} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
