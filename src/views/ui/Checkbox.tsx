import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'className' | 'children'> {
  children: ReactNode;
  className?: string;
}

/** A labelled checkbox (react-aria): the whole row is the hit target and carries the focus ring. */
export function Checkbox({ children, className = '', ...props }: CheckboxProps) {
  return (
    <AriaCheckbox
      {...props}
      className={`group inline-flex cursor-pointer items-center gap-2 text-sm text-neutral-800 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 dark:text-neutral-200 ${className}`}
    >
      {({ isSelected }) => (
        <>
          <span
            aria-hidden="true"
            className={`flex size-5 shrink-0 items-center justify-center rounded-md border-2 transition-colors ${
              isSelected
                ? 'border-accent-strong bg-accent-strong text-white'
                : 'border-neutral-400 bg-white dark:border-neutral-500 dark:bg-neutral-900'
            }`}
          >
            {isSelected ? <Check size={14} strokeWidth={3} /> : null}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
