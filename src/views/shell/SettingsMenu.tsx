import { ChevronDown } from 'lucide-react';
import { Button } from 'react-aria-components';
import { useLocation } from 'wouter';
import type { User } from '../../api/auth';
import { Avatar } from '../ui/Avatar';
import { deferred } from '../overlays/Deferred';
import { profileHref } from './MainNav';
import { MenuTrigger } from '../overlays/OverlayTrigger';

// The menu (react-aria's popover, positioning and collections) waits for the first open.
const SettingsMenuPopover = deferred(() => import('./SettingsMenuPopover').then((module) => module.SettingsMenuPopover));

/**
 * The settings dropdown of the header (spec: one item, 'My Profile', subtext
 * 'View personal profile.'), opened from the member's avatar.
 */
export function SettingsMenu({ profile }: { profile: User | null }) {
  const [, navigate] = useLocation();
  const username = profile?.username ?? '';
  return (
    <MenuTrigger
      popover={(parts) => (
        <SettingsMenuPopover parts={parts} username={username} onOpenProfile={() => navigate(`~${profileHref(profile)}`)} />
      )}
    >
      <Button
        aria-label="Settings"
        onHoverStart={SettingsMenuPopover.preload}
        onFocus={SettingsMenuPopover.preload}
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
    </MenuTrigger>
  );
}
