import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { IconButton } from './IconButton';

export interface MoreMenuItem {
  id: string;
  label: string;
  icon: ReactNode;
  /** Drawn in red: blocking, deleting for everyone. */
  danger?: boolean;
}

const itemClasses =
  'flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2.5 text-sm font-semibold text-neutral-900 outline-none ' +
  'data-[focused]:bg-neutral-100 data-[disabled]:cursor-default data-[disabled]:opacity-50 dark:text-white dark:data-[focused]:bg-neutral-800';

/** A '…' button opening a menu of actions (keyboard: arrows, Enter, Escape); `label` names both. */
export function MoreMenu({ label, items, onAction, disabledKeys = [], isDisabled = false, small = false }: {
  label: string;
  items: MoreMenuItem[];
  onAction: (id: string) => void;
  disabledKeys?: string[];
  isDisabled?: boolean;
  /** A smaller trigger, for a chat message. */
  small?: boolean;
}) {
  return (
    <MenuTrigger>
      <IconButton label={label} isDisabled={isDisabled}>
        <MoreHorizontal size={small ? 16 : 18} />
      </IconButton>
      <Popover
        placement="bottom end"
        offset={6}
        className="w-56 rounded-2xl border border-neutral-200 bg-white p-1.5 shadow-xl outline-none dark:border-neutral-800 dark:bg-neutral-900"
      >
        <Menu aria-label={label} className="outline-none" disabledKeys={disabledKeys} onAction={(key) => onAction(String(key))}>
          {items.map((item) => (
            <MenuItem key={item.id} id={item.id} textValue={item.label} className={`${itemClasses} ${item.danger ? 'text-red-700 dark:text-red-400' : ''}`}>
              {item.icon}
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
