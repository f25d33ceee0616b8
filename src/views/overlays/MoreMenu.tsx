import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { deferred } from './Deferred';
import { IconButton } from '../ui/IconButton';
import { MenuTrigger, type TriggerParts } from './OverlayTrigger';

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
    <MoreMenuTrigger
      label={label}
      isDisabled={isDisabled}
      small={small}
      preload={MoreMenuPopover.preload}
      popover={(parts) => <MoreMenuPopover parts={parts} label={label} items={items} onAction={onAction} disabledKeys={disabledKeys} />}
    />
  );
}

/**
 * The '…' button of a MoreMenu with a popover of the caller's: for a menu whose items and actions
 * need code of their own (a machine), fetched with the popover on the first open; `preload` on the
 * button's hover or focus.
 */
export function MoreMenuTrigger({
  label,
  popover,
  preload,
  isDisabled = false,
  small = false,
}: {
  label: string;
  popover: (parts: TriggerParts) => ReactNode;
  preload: () => void;
  isDisabled?: boolean;
  small?: boolean;
}) {
  return (
    <MenuTrigger popover={popover}>
      <IconButton label={label} isDisabled={isDisabled} onHoverStart={preload} onFocus={preload}>
        <MoreHorizontal size={small ? 16 : 18} />
      </IconButton>
    </MenuTrigger>
  );
}
