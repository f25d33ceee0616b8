import { Menu, MenuItem, Popover } from 'react-aria-components';
import type { MoreMenuItem } from './MoreMenu';
import type { TriggerParts } from './OverlayTrigger';
import { TriggerContexts } from './TriggerContexts';

const itemClasses =
  'flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2.5 text-sm font-semibold text-neutral-900 outline-none ' +
  'data-[focused]:bg-neutral-100 data-[disabled]:cursor-default data-[disabled]:opacity-50 dark:text-white dark:data-[focused]:bg-neutral-800';

/** The popover of a MoreMenu: its own chunk, fetched on the first open (or the trigger's hover or focus). */
export function MoreMenuPopover({
  parts,
  label,
  items,
  onAction,
  disabledKeys,
}: {
  parts: TriggerParts;
  label: string;
  items: MoreMenuItem[];
  onAction: (id: string) => void;
  disabledKeys: string[];
}) {
  return (
    <TriggerContexts parts={parts}>
      <Popover
        placement="bottom end"
        offset={6}
        className="w-56 rounded-2xl border border-neutral-200 bg-white p-1.5 shadow-xl outline-none dark:border-neutral-800 dark:bg-neutral-900"
      >
        <Menu aria-label={label} className="outline-none" disabledKeys={disabledKeys} onAction={(key) => onAction(String(key))}>
          {items.map((item) => (
            <MenuItem
              key={item.id}
              id={item.id}
              textValue={item.label}
              className={`${itemClasses} ${item.danger ? 'text-red-700 dark:text-red-400' : ''}`}
            >
              {item.icon}
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </TriggerContexts>
  );
}
