import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../ui/Button';

/**
 * An item's action button. While an action about the item runs, its buttons wait (pending: they
 * keep the focus, and a second press sends nothing the machine would take).
 */
export function ItemButton({
  busy,
  icon,
  variant = 'secondary',
  label,
  onPress,
  children,
}: {
  busy: boolean;
  icon: ReactNode;
  variant?: ButtonVariant;
  /** The accessible name, naming the item ('Ban ben'). */
  label: string;
  onPress: () => void;
  children: string;
}) {
  return (
    <Button
      size="sm"
      variant={variant}
      icon={icon}
      isPending={busy}
      className="data-[pending]:opacity-60"
      aria-label={label}
      onPress={onPress}
    >
      {children}
    </Button>
  );
}
