import { useState } from 'react';
import { Eye, EyeOff, Lock } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { TextField, type TextFieldProps } from './TextField';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'> & {
  /** Show the lock icon before the text (default true). */
  showIcon?: boolean;
};

/** A password input with a show/hide toggle (a real button with a changing accessible name). */
export function PasswordField({ showIcon = true, label, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      autoComplete="current-password"
      {...props}
      label={label}
      type={visible ? 'text' : 'password'}
      icon={showIcon ? <Lock size={18} /> : undefined}
      trailing={
        <AriaButton
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          onPress={() => setVisible((v) => !v)}
          className="-mr-1 inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-full text-neutral-600 outline-none data-[hovered]:bg-neutral-100 dark:text-neutral-300 dark:data-[hovered]:bg-neutral-800"
        >
          {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
        </AriaButton>
      }
    />
  );
}
