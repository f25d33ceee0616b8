import { Menu, MenuItem, Popover, Text } from 'react-aria-components';
import type { TriggerParts } from '../overlays/OverlayTrigger';
import { TriggerContexts } from '../overlays/TriggerContexts';

/** The popover of the header's settings menu: its own chunk, fetched on the first open (or the avatar's hover or focus). */
export function SettingsMenuPopover({
  parts,
  username,
  onOpenProfile,
}: {
  parts: TriggerParts;
  username: string;
  onOpenProfile: () => void;
}) {
  return (
    <TriggerContexts parts={parts}>
      <Popover
        placement="bottom end"
        offset={8}
        className={
          'w-64 rounded-2xl border border-neutral-200 bg-white p-1.5 shadow-xl outline-none ' +
          'motion-safe:data-[entering]:animate-[menu-in_140ms_ease-out] dark:border-neutral-800 dark:bg-neutral-900'
        }
      >
        {username ? (
          <p className="truncate px-3 pt-2 pb-1 text-xs font-medium text-neutral-600 dark:text-neutral-400">@{username}</p>
        ) : null}
        <Menu aria-label="Settings" className="outline-none" onAction={onOpenProfile}>
          <MenuItem
            id="my-profile"
            textValue="My Profile"
            className={
              'flex cursor-pointer flex-col gap-0.5 rounded-xl px-3 py-2.5 outline-none ' +
              'data-[focused]:bg-neutral-100 dark:data-[focused]:bg-neutral-800'
            }
          >
            <Text slot="label" className="text-sm font-semibold text-neutral-900 dark:text-white">
              My Profile
            </Text>
            <Text slot="description" className="text-xs text-neutral-600 dark:text-neutral-400">
              View personal profile.
            </Text>
          </MenuItem>
        </Menu>
      </Popover>
    </TriggerContexts>
  );
}
