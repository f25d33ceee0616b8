import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold select-none cursor-pointer ' +
  'transition-colors duration-150 outline-none ' +
  'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[pending]:cursor-wait';

const variants: Record<ButtonVariant, string> = {
  // accent-strong under white text keeps AA (4.5:1); the lighter accent is used for hover only at large sizes.
  primary:
    'bg-accent-strong text-white shadow-sm data-[hovered]:bg-[#bd2139] data-[pressed]:bg-[#a51c31] ' +
    'dark:bg-accent-strong dark:data-[hovered]:bg-[#bd2139]',
  secondary:
    'border border-neutral-300 bg-white text-neutral-900 data-[hovered]:bg-neutral-100 data-[pressed]:bg-neutral-200 ' +
    'dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:data-[hovered]:bg-neutral-800 dark:data-[pressed]:bg-neutral-700',
  ghost:
    'bg-transparent text-neutral-700 data-[hovered]:bg-neutral-100 data-[pressed]:bg-neutral-200 ' +
    'dark:text-neutral-200 dark:data-[hovered]:bg-neutral-800 dark:data-[pressed]:bg-neutral-700',
  danger: 'bg-red-700 text-white data-[hovered]:bg-red-800 data-[pressed]:bg-red-900 dark:bg-red-600 dark:data-[hovered]:bg-red-700',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** The classes of a button, for links that must look like one (e.g. a wouter <Link>). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
}: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean } = {}) {
  return `${base} ${variants[variant]} ${sizes[size]} ${fullWidth ? 'w-full' : ''}`;
}

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** A lucide icon (or any node) before the label. */
  icon?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/**
 * The one button of the app (react-aria: press events, keyboard, focus ring only for keyboard
 * users). `isDisabled` for a busy form; the label itself says what is happening ('Logging in...').
 */
export function Button({ variant = 'primary', size = 'md', fullWidth, icon, className = '', children, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} className={`${buttonClasses({ variant, size, fullWidth })} ${className}`}>
      {icon ? (
        <span aria-hidden="true" className="inline-flex shrink-0">
          {icon}
        </span>
      ) : null}
      {children}
    </AriaButton>
  );
}
