import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export interface IconButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  /** The accessible name: an icon button has no visible text. */
  label: string;
  children: ReactNode;
  className?: string;
  /** 'plain' for the neutral header surface; 'onColor' on a coloured toast. */
  tone?: 'plain' | 'onColor';
}

const tones = {
  plain:
    'text-neutral-700 data-[hovered]:bg-neutral-100 data-[pressed]:bg-neutral-200 ' +
    'dark:text-neutral-200 dark:data-[hovered]:bg-neutral-800 dark:data-[pressed]:bg-neutral-700',
  onColor: '[--focus-ring-color:white] text-white/90 data-[hovered]:bg-white/15 data-[hovered]:text-white data-[pressed]:bg-white/25',
};

/** A round icon-only button (header actions, toast dismiss), with its label as accessible name. */
export function IconButton({ label, children, className = '', tone = 'plain', ...props }: IconButtonProps) {
  return (
    <AriaButton
      {...props}
      aria-label={label}
      className={
        'inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full outline-none transition-colors ' +
        `${tones[tone]} ${className}`
      }
    >
      <span aria-hidden="true" className="inline-flex">
        {children}
      </span>
    </AriaButton>
  );
}
