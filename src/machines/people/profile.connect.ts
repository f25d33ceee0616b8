import type { Profile } from '../../api/users';
import { OWNER_TABS, type ProfileTab } from './profile.machine';

/** The owner's tabs (password, notifications) are offered to the owner only; the machine's guard says the same. */
export const mayOpenTab = (profile: Profile, tab: ProfileTab) => profile.isOwner || !OWNER_TABS.includes(tab);

/** The about cards an owner edits in place are shown to visitors only when there is something in them. */
export const showsAboutCard = (profile: Profile, filled: boolean) => profile.isOwner || filled;
