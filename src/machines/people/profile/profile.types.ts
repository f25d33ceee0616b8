import type { UsersList } from '../../../api/users/follows';
import type { UserImages } from '../../../api/media';
import type { AnswersPage } from '../../../api/posts';
import type { BasicInfo, NotificationSettings, NotificationType, Profile, ProfileResponse } from '../../../api/users';
import type { ProfileImageKind } from './profileImage.machine';

/** The profile page's schema: its tabs, events, context and input. */

export const PROFILE_TABS = ['timeline', 'replied', 'followers', 'following', 'gallery', 'password', 'notifications'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
/** Tabs only the owner sees. */
export const OWNER_TABS: readonly ProfileTab[] = ['password', 'notifications'];

export type ProfileEvent =
  | { type: 'profile.retry' }
  | { type: 'profile.tab'; tab: ProfileTab }
  | { type: 'profile.toggleFollow' }
  | { type: 'profile.editInfo' }
  | { type: 'profile.cancelEdit' }
  /** A keystroke in one of the basic-info fields: its whole value as it now is. */
  | { type: 'profile.infoChange'; field: keyof BasicInfo; value: string }
  | { type: 'profile.saveInfo' }
  | { type: 'profile.setNotification'; setting: NotificationType; value: boolean }
  /** The next page of the Replied tab. */
  | { type: 'profile.more' }
  /** The owner picked a file for the profile picture or the cover (read as a data URL). */
  | { type: 'profile.chooseImage'; kind: ProfileImageKind; dataUrl: string }
  | { type: 'profile.editLinks' }
  | { type: 'profile.editHobbies' }
  | { type: 'profile.report' }
  | { type: 'profile.askBlock' }
  | { type: 'profile.cancelBlock' }
  | { type: 'profile.confirmBlock' }
  | { type: 'profile.unblock' };

export type ProfileAnswer = AnswersPage['answers'][number];

export interface ProfileContext {
  userId: string;
  profile: Profile | null;
  /** The member shown is the copy kept on this device, saved at this time (ms): the server was not reached. */
  keptAt: number | null;
  error: string | null;
  followers: UsersList | null;
  following: UsersList | null;
  gallery: UserImages | null;
  /** The Replied tab: the member's answers, page by page. */
  answers: ProfileAnswer[] | null;
  answersTotal: number;
  answersPage: number;
  listError: string | null;
  infoError: string | null;
  /** The basic-info form's fields while the owner edits them. */
  infoDraft: BasicInfo;
  /** The settings before an unconfirmed toggle (restored on a refusal). */
  savedNotifications: NotificationSettings | null;
}

/** GET /user/profile/{userId}'s answer; `keptAt`: the server could not be reached, this is the copy kept on this device, saved then (ms). */
export type ProfilePage = ProfileResponse & { keptAt?: number };

export interface PeoplePageInput {
  userId: string;
  cursor?: string;
}
