import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useSearch } from 'wouter';
import type { Profile } from '../../../api/users';
import type { ProfileActorRef, ProfileTab } from '../../../machines/people/profile/profile.machine';
import {
  hasProfileFailed,
  imageUploadOf,
  isProfileBlocked,
  isProfileLoading,
  mayOpenTab,
  selectProfile,
  selectProfileError,
  selectProfileKeptAt,
  selectTab,
} from '../../../machines/people/profile/profile.connect';
import { foundMemberId, hasMemberLookupFailed, isFindingMember, memberLookupError } from '../../../machines/people/memberByName.connect';
import { LoadError } from '../../ui/LoadError';
import { OfflineNotice } from '../../offline/OfflineNotice';
import { Skeleton } from '../../ui/Skeleton';
import { useSessionProfile } from '../../layouts/useShell';
import { FeedList } from '../../streams/FeedList';
import { EmptyState } from '../../streams/PageParts';
import { useFeed } from '../../streams/useFeed';
import { BasicInfoCard } from './about/BasicInfoCard';
import { BlockedProfile } from './BlockedProfile';
import { HobbiesCard } from './about/HobbiesCard';
import { ChangePassword, NotificationSettingsPanel } from './OwnerPanels';
import { usePeopleLogic } from '../PeopleLogic';
import { ProfileAbout } from './about/ProfileAbout';
import { ProfileBanner } from './ProfileBanner';
import { ProfileImageDialog } from './ProfileImageDialog';
import { Gallery, PeopleList } from './ProfileLists';
import { RepliedList } from './RepliedList';
import { SocialLinksCard } from './about/SocialLinksCard';
import { useScreenActor } from '../../shared/useScreenActor';

const TAB_NAMES: Record<ProfileTab, string> = {
  timeline: 'Timeline',
  replied: 'Replied',
  followers: 'Followers',
  following: 'Following',
  gallery: 'Gallery',
  password: 'Change Password',
  notifications: 'Notifications',
};

const tabClasses =
  'cursor-pointer whitespace-nowrap rounded-xl px-3 py-2 text-sm font-semibold text-neutral-700 outline-none dark:text-neutral-300 ' +
  'data-[selected]:bg-neutral-900 data-[selected]:text-white data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent dark:data-[selected]:bg-white dark:data-[selected]:text-neutral-900';

/** /profile/:username?id=<userId>: banner, about cards, tabs, the owner's own settings. */
export default function ProfilePage({ username }: { username: string }) {
  const search = useSearch();
  const me = useSessionProfile();
  const id = new URLSearchParams(search).get('id') ?? (me && me.username.toLowerCase() === username.toLowerCase() ? me._id : null);
  if (!id) return <ProfileByName key={username} username={username} />;
  return <ProfileView key={id} userId={id} />;
}

/** An address with the name only (an @mention's link): the member is looked up by name first. */
function ProfileByName({ username }: { username: string }) {
  const logic = usePeopleLogic();
  const actor = useScreenActor(logic.memberByName, { input: { username } });
  const finding = useSelector(actor, isFindingMember);
  const failed = useSelector(actor, hasMemberLookupFailed);
  const error = useSelector(actor, memberLookupError);
  const found = useSelector(actor, foundMemberId);
  if (finding) return <ProfileSkeleton />;
  if (failed)
    return (
      <LoadError title="Could not load this profile" onRetry={() => actor.send({ type: 'memberByName.retry' })}>
        {error}
      </LoadError>
    );
  if (!found) return <EmptyState title="Member not found" text={`No member called ${username} could be found from this link.`} />;
  return <ProfileView key={found} userId={found} />;
}

function ProfileView({ userId }: { userId: string }) {
  const logic = usePeopleLogic();
  const actor = useScreenActor(logic.profile, { input: { userId } });
  const loading = useSelector(actor, isProfileLoading);
  const blocked = useSelector(actor, isProfileBlocked);
  const failed = useSelector(actor, hasProfileFailed);
  const profile = useSelector(actor, selectProfile);
  const error = useSelector(actor, selectProfileError);
  const upload = useSelector(actor, imageUploadOf);
  const keptAt = useSelector(actor, selectProfileKeptAt);
  if (loading) return <ProfileSkeleton />;
  if (blocked) return <BlockedProfile actor={actor} />;
  if (failed || !profile)
    return (
      <LoadError title="Could not load this profile" onRetry={() => actor.send({ type: 'profile.retry' })}>
        {error}
      </LoadError>
    );
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      {/* The kept copy (the server was not reached): one notice for the page, its Timeline included. */}
      {keptAt !== null ? (
        <div className="-mb-4">
          <OfflineNotice savedAt={keptAt} />
        </div>
      ) : null}
      <ProfileBanner actor={actor} profile={profile} />
      <ProfileAbout isOwner={profile.isOwner}>
        <BasicInfoCard actor={actor} profile={profile} />
        <SocialLinksCard actor={actor} profile={profile} />
        <HobbiesCard actor={actor} profile={profile} />
      </ProfileAbout>
      <ProfileTabs actor={actor} profile={profile} />
      {upload ? <ProfileImageDialog upload={upload} /> : null}
    </div>
  );
}

/** While the profile loads: the banner's shape and the tabs Posts, Replied, Followers, Following. */
export function ProfileSkeleton() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4" aria-busy="true" aria-label="Loading profile">
      <Skeleton className="h-40 w-full rounded-3xl" />
      <div className="flex items-center gap-3">
        <Skeleton className="size-16 rounded-full" />
        <Skeleton className="h-5 w-40" />
      </div>
      <div className="flex gap-2" aria-hidden="true">
        {['Posts', 'Replied', 'Followers', 'Following'].map((name) => (
          <span key={name} className="rounded-xl bg-neutral-200 px-3 py-2 text-sm font-semibold text-neutral-500 dark:bg-neutral-800">
            {name}
          </span>
        ))}
      </div>
      <Skeleton className="h-32 w-full rounded-2xl" />
    </div>
  );
}

function ProfileTabs({ actor, profile }: { actor: ProfileActorRef; profile: Profile }) {
  const tab = useSelector(actor, selectTab);
  const tabs = (Object.keys(TAB_NAMES) as ProfileTab[]).filter((t) => mayOpenTab(profile, t));
  return (
    <Tabs selectedKey={tab} onSelectionChange={(key) => actor.send({ type: 'profile.tab', tab: key as ProfileTab })}>
      <TabList aria-label="Profile sections" className="flex gap-1 overflow-x-auto rounded-2xl bg-neutral-100 p-1 dark:bg-neutral-800/60">
        {tabs.map((t) => (
          <Tab key={t} id={t} className={tabClasses}>
            {TAB_NAMES[t]}
          </Tab>
        ))}
      </TabList>
      <TabPanel id="timeline" className="pt-4 outline-none">
        <Timeline userId={profile._id} username={profile.username} />
      </TabPanel>
      <TabPanel id="replied" className="pt-4 outline-none">
        <RepliedList actor={actor} username={profile.username} />
      </TabPanel>
      <TabPanel id="followers" className="pt-4 outline-none">
        <PeopleList actor={actor} which="followers" />
      </TabPanel>
      <TabPanel id="following" className="pt-4 outline-none">
        <PeopleList actor={actor} which="following" />
      </TabPanel>
      <TabPanel id="gallery" className="pt-4 outline-none">
        <Gallery actor={actor} />
      </TabPanel>
      {profile.isOwner ? (
        <>
          <TabPanel id="password" className="pt-4 outline-none">
            <ChangePassword actor={actor} />
          </TabPanel>
          <TabPanel id="notifications" className="pt-4 outline-none">
            <NotificationSettingsPanel actor={actor} profile={profile} />
          </TabPanel>
        </>
      ) : null}
    </Tabs>
  );
}

function Timeline({ userId, username }: { userId: string; username: string }) {
  const source = useMemo(() => ({ kind: 'user' as const, userId }), [userId]);
  const { feed, callbacks } = useFeed(source);
  return (
    <FeedList
      feed={feed}
      callbacks={callbacks}
      empty={<EmptyState title="No posts yet" text={`${username} has not posted anything you can see.`} />}
      keptNotice={false}
    />
  );
}
