import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { deferred } from './Deferred';
import { IconButton } from '../ui/IconButton';
import { MenuTrigger } from './OverlayTrigger';

export interface MoreMenuItem {
  id: string;
  label: string;
  icon: ReactNode;
  /** Drawn in red: blocking, deleting for everyone. */
  danger?: boolean;
}

// The menu itself (react-aria's popover, positioning and collections) waits for the first open.
const MoreMenuPopover = deferred(() => import('./MoreMenuPopover').then((module) => module.MoreMenuPopover));

/** A '…' button opening a menu of actions (keyboard: arrows, Enter, Escape); `label` names both. */
export function MoreMenu({
  label,
  items,
  onAction,
  disabledKeys = [],
  isDisabled = false,
  small = false,
}: {
  label: string;
  items: MoreMenuItem[];
  onAction: (id: string) => void;
  disabledKeys?: string[];
  isDisabled?: boolean;
  /** A smaller trigger, for a chat message. */
  small?: boolean;
}) {
  return (
    <MenuTrigger
      popover={(parts) => <MoreMenuPopover parts={parts} label={label} items={items} onAction={onAction} disabledKeys={disabledKeys} />}
    >
      <IconButton label={label} isDisabled={isDisabled} onHoverStart={MoreMenuPopover.preload} onFocus={MoreMenuPopover.preload}>
        <MoreHorizontal size={small ? 16 : 18} />
      </IconButton>
    </MenuTrigger>
  );
}
