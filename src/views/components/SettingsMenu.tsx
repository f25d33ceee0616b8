import { ChevronDown } from 'lucide-react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Text } from 'react-aria-components';
import { useLocation } from 'wouter';
import type { User } from '../../api/auth';
import { Avatar } from './Avatar';
import { profileHref } from './MainNav';

/**
 * The settings dropdown of the header (spec: one item, 'My Profile', subtext
 * 'View personal profile.'), opened from the member's avatar.
 */
export function SettingsMenu({ profile }: { profile: User | null }) {
  const [, navigate] = useLocation();
  const username = profile?.username ?? '';
  return (
    <MenuTrigger>
      <Button
        aria-label="Settings"
        className={
          'inline-flex cursor-pointer items-center gap-1 rounded-full p-1 pr-2 outline-none transition-colors ' +
          'data-[hovered]:bg-neutral-100 data-[pressed]:bg-neutral-200 dark:data-[hovered]:bg-neutral-800 dark:data-[pressed]:bg-neutral-700'
        }
      >
        <Avatar
          size="sm"
          username={username}
          avatarColor={profile?.avatarColor}
          avatarImage={profile?.avatarImage}
          profilePicture={profile?.profilePicture}
        />
        <ChevronDown aria-hidden="true" size={16} className="text-neutral-500 dark:text-neutral-400" />
      </Button>
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
        <Menu aria-label="Settings" className="outline-none" onAction={() => navigate(`~${profileHref(profile)}`)}>
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
    </MenuTrigger>
  );
}
