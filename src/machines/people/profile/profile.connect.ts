import type { Profile } from '../../../api/users';
import type { ChangePasswordActorRef } from '../../auth/changePassword.machine';
import { OWNER_TABS, selectTab, type ProfileSnapshot, type ProfileTab } from './profile.machine';
import type { ProfileHobbiesActorRef } from './profileHobbies.machine';
import type { ProfileImageActorRef } from './profileImage.machine';
import type { ProfileLinksActorRef } from './profileLinks.machine';
import type { ReportActorRef } from '../../moderation/report.machine';

/** The owner's tabs (password, notifications) are offered to the owner only; the machine's guard says the same. */
export const mayOpenTab = (profile: Profile, tab: ProfileTab) => profile.isOwner || !OWNER_TABS.includes(tab);

/** The about cards an owner edits in place are shown to visitors only when there is something in them. */
export const showsAboutCard = (profile: Profile, filled: boolean) => profile.isOwner || filled;

/*
 * What the profile page shows, read from the profile machine's snapshot. The views ask these
 * instead of reading the context or matching states themselves.
 */

export { selectTab };

export const isProfileLoading = (s: ProfileSnapshot) => s.matches('loading');
/** The viewer blocked this member: the page offers to unblock instead. */
export const isProfileBlocked = (s: ProfileSnapshot) => s.matches('blocked');
export const hasProfileFailed = (s: ProfileSnapshot) => s.matches('failed');
export const selectProfile = (s: ProfileSnapshot) => s.context.profile;
export const selectProfileError = (s: ProfileSnapshot) => s.context.error;
/** When the kept member shown was saved (ms), or null when it is the server's. */
export const selectProfileKeptAt = (s: ProfileSnapshot) => s.context.keptAt;
export const isUnblocking = (s: ProfileSnapshot) => s.matches({ blocked: 'unblocking' });

/** The forms the page opens, each its own machine (a child of the profile's), or undefined while closed. */
export const imageUploadOf = (s: ProfileSnapshot) => s.children.imageUpload as ProfileImageActorRef | undefined;
export const passwordFormOf = (s: ProfileSnapshot) => s.children.passwordForm as ChangePasswordActorRef | undefined;
export const reportFormOf = (s: ProfileSnapshot) => s.children.reportForm as ReportActorRef | undefined;
export const hobbiesFormOf = (s: ProfileSnapshot) => s.children.hobbiesForm as ProfileHobbiesActorRef | undefined;
export const linksFormOf = (s: ProfileSnapshot) => s.children.linksForm as ProfileLinksActorRef | undefined;

/** A follow or unfollow is on its way (the button waits). */
export const isChangingFollow = (s: ProfileSnapshot) => s.matches({ ready: { follow: 'changing' } });
/** 'Block <username>?' is asked (and stays while the block runs). */
export const isBlockAsked = (s: ProfileSnapshot) => !s.matches({ ready: { block: 'idle' } }) && s.matches('ready');
export const isBlocking = (s: ProfileSnapshot) => s.matches({ ready: { block: 'blocking' } });

/** The basic-info card: editing (or saving), its fields so far and why they were refused. */
export const isEditingInfo = (s: ProfileSnapshot) => !s.matches({ ready: { info: 'viewing' } });
export const isSavingInfo = (s: ProfileSnapshot) => s.matches({ ready: { info: 'saving' } });
export const selectInfoError = (s: ProfileSnapshot) => s.context.infoError;
export const selectInfoDraft = (s: ProfileSnapshot) => s.context.infoDraft;

/** The owner's notification settings are being saved. */
export const isSavingNotifications = (s: ProfileSnapshot) => s.matches({ ready: { tab: { notifications: 'saving' } } });

export type ListTab = 'replied' | 'followers' | 'following' | 'gallery';

export const isListLoading = (s: ProfileSnapshot, which: ListTab) => s.matches({ ready: { tab: { [which]: 'loading' } } });
export const hasListFailed = (s: ProfileSnapshot, which: ListTab) => s.matches({ ready: { tab: { [which]: 'failed' } } });
export const isListLoadingMore = (s: ProfileSnapshot, which: ListTab) => s.matches({ ready: { tab: { [which]: 'loadingMore' } } });
export const isListReady = (s: ProfileSnapshot, which: ListTab) => s.matches({ ready: { tab: { [which]: 'ready' } } });
export const selectListError = (s: ProfileSnapshot) => s.context.listError;
/** Followers or Following as read so far (null until the first page comes). */
export const selectPeople = (s: ProfileSnapshot, which: 'followers' | 'following') => s.context[which];
export const selectGallery = (s: ProfileSnapshot) => s.context.gallery;
/** The Replied tab's answers as read so far (null until the first page comes), and how many there are. */
export const selectAnswers = (s: ProfileSnapshot) => s.context.answers;
export const selectAnswersTotal = (s: ProfileSnapshot) => s.context.answersTotal;
