import type { ReactNode } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children' | 'isInvalid'> {
  label: string;
  /** A hint under the field (e.g. 'Password must be at least 8 characters'). */
  description?: ReactNode;
  /** A validation message; when set the field is marked invalid and the message is announced. */
  errorMessage?: string | null;
  placeholder?: string;
  /** A lucide icon shown inside the field, before the text. */
  icon?: ReactNode;
  /** Something after the input inside the field frame (e.g. a show/hide toggle). */
  trailing?: ReactNode;
  className?: string;
}

export const fieldFrame =
  'flex items-center gap-2 rounded-xl border bg-white px-3 transition-colors ' +
  'border-neutral-300 focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/30 ' +
  'dark:bg-neutral-900 dark:border-neutral-700 dark:focus-within:border-accent ' +
  'group-data-[invalid]:border-red-600 dark:group-data-[invalid]:border-red-400 ' +
  'group-data-[disabled]:opacity-60';

/** A multi-line text area (reports, appeals, reasons): the field's look; `min-h-*` may be added. */
export const textAreaClass =
  'min-h-24 w-full resize-y rounded-xl border border-neutral-300 bg-white px-3 py-2 text-base text-neutral-900 outline-none placeholder:text-neutral-500 ' +
  'focus:border-accent focus:ring-2 focus:ring-accent/30 aria-[invalid=true]:border-red-600 disabled:opacity-60 ' +
  'dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-400 dark:aria-[invalid=true]:border-red-400';

export const fieldLabel = 'text-sm font-medium text-neutral-800 dark:text-neutral-200';
export const fieldHint = 'text-xs text-neutral-600 dark:text-neutral-400';
export const fieldErrorText = 'text-xs font-medium text-red-700 dark:text-red-400';

/**
 * A labelled text input (react-aria TextField): label, optional hint, and an error message tied
 * to the input with aria-describedby. Validation belongs to the machines, so the field shows the
 * message it is given (`validationBehavior="aria"`: the browser never blocks a submit).
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  icon,
  trailing,
  className = '',
  type = 'text',
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      type={type}
      validationBehavior="aria"
      isInvalid={Boolean(errorMessage)}
      className={`group flex flex-col gap-1.5 ${className}`}
    >
      <Label className={fieldLabel}>{label}</Label>
      <div className={fieldFrame}>
        {icon ? (
          <span aria-hidden="true" className="text-neutral-500 dark:text-neutral-400">
            {icon}
          </span>
        ) : null}
        <Input
          placeholder={placeholder}
          className="h-11 w-full min-w-0 bg-transparent text-base text-neutral-900 outline-none placeholder:text-neutral-500 dark:text-neutral-100 dark:placeholder:text-neutral-400"
        />
        {trailing}
      </div>
      {description ? (
        <Text slot="description" className={fieldHint}>
          {description}
        </Text>
      ) : null}
      <FieldError className={fieldErrorText}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
