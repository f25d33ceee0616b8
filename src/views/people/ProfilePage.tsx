import { useActorRef, useSelector } from '@xstate/react';
import { Briefcase, GraduationCap, MapPin, Pencil, Quote, Settings } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Form, Switch, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Link, useSearch } from 'wouter';
import { NOTIFICATION_SETTINGS } from '../../api/constants';
import type { BasicInfo, Profile } from '../../api/users';
import { journal } from '../../effects/journal';
import { OWNER_TABS, selectTab, type ProfileActorRef, type ProfileTab } from '../../machines/profile.machine';
import { Alert } from '../components/Alert';
import { Avatar } from '../components/Avatar';
import { Button } from '../components/Button';
import { PasswordField } from '../components/PasswordField';
import { Skeleton } from '../components/Skeleton';
import { TextField } from '../components/TextField';
import { useSessionProfile } from '../layouts/useShell';
import { FeedList } from '../streams/FeedList';
import { EmptyState } from '../streams/PageParts';
import { useFeed } from '../streams/useFeed';
import { memberHref, usePeopleLogic } from './PeopleLogic';
import { LoadError } from '../components/LoadError';

const TAB_NAMES: Record<ProfileTab, string> = {
  timeline: 'Timeline',
  followers: 'Followers',
  following: 'Following',
  gallery: 'Gallery',
  password: 'Change Password',
  notifications: 'Notifications',
};

const tabClasses =
  'cursor-pointer whitespace-nowrap rounded-xl px-3 py-2 text-sm font-semibold text-neutral-700 outline-none dark:text-neutral-300 ' +
  'data-[selected]:bg-neutral-900 data-[selected]:text-white data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent dark:data-[selected]:bg-white dark:data-[selected]:text-neutral-900';

/** /profile/:username?id=<userId>: banner, tabs, the owner's own settings. */
export default function ProfilePage({ username }: { username: string }) {
  const search = useSearch();
  const me = useSessionProfile();
  const id = new URLSearchParams(search).get('id') ?? (me && me.username === username ? me._id : null);
  if (!id) return <EmptyState title="Member not found" text={`No member called ${username} could be found from this link.`} />;
  return <ProfileView key={id} userId={id} />;
}

function ProfileView({ userId }: { userId: string }) {
  const logic = usePeopleLogic();
  const actor = useActorRef(logic.profile, { input: { userId }, inspect: journal.inspect });
  const state = useSelector(actor, (s) => s);
  const { profile, error } = state.context;
  if (state.matches('loading')) return <ProfileSkeleton />;
  if (state.matches('failed') || !profile)
    return (
      <LoadError title="Could not load this profile" onRetry={() => actor.send({ type: 'profile.retry' })}>
        {error}
      </LoadError>
    );
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Banner actor={actor} profile={profile} />
      <BasicInfoCard actor={actor} profile={profile} />
      <ProfileTabs actor={actor} profile={profile} />
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

function Banner({ actor, profile }: { actor: ProfileActorRef; profile: Profile }) {
  const changing = useSelector(actor, (s) => s.matches({ ready: { follow: 'changing' } }));
  return (
    <section aria-label="Profile" className="overflow-hidden rounded-3xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900">
      <div className="h-36 bg-gradient-to-r from-neutral-300 to-neutral-200 dark:from-neutral-800 dark:to-neutral-700">
        {profile.coverImage ? <img src={profile.coverImage} alt="" className="size-full object-cover" /> : null}
      </div>
      <div className="flex flex-wrap items-end gap-4 px-5 pb-5">
        <Avatar {...profile} size="lg" className="-mt-8 ring-4 ring-white dark:ring-neutral-900" />
        <div className="flex min-w-0 flex-1 flex-col">
          <h1 className="truncate text-2xl font-bold text-neutral-900 dark:text-white">{profile.username}</h1>
          {profile.followsYou ? <span className="text-xs text-neutral-600 dark:text-neutral-400">Follows you</span> : null}
        </div>
        {profile.isOwner ? (
          <Link
            href={`/setting/${encodeURIComponent(profile.username)}`}
            className="inline-flex items-center gap-2 rounded-xl border border-neutral-300 px-3 py-2 text-sm font-semibold text-neutral-900 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent dark:border-neutral-700 dark:text-white dark:hover:bg-neutral-800"
          >
            <Settings aria-hidden="true" size={16} />
            Settings
          </Link>
        ) : (
          <Button
            variant={profile.isFollowing ? 'secondary' : 'primary'}
            isDisabled={changing}
            onPress={() => actor.send({ type: 'profile.toggleFollow' })}
          >
            {profile.isFollowing ? 'Unfollow' : 'Follow'}
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-3 border-t border-neutral-200 text-center dark:border-neutral-800">
        {(
          [
            ['Posts', profile.postsCount],
            ['Followers', profile.followersCount],
            ['Following', profile.followingCount],
          ] as const
        ).map(([label, count]) => (
          <div key={label} className="flex flex-col py-3" data-testid={`count-${label.toLowerCase()}`}>
            <dt className="text-xs text-neutral-600 dark:text-neutral-400">{label}</dt>
            <dd className="text-lg font-bold text-neutral-900 dark:text-white">{count}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const INFO_FIELDS = [
  { key: 'work', label: 'Work', icon: Briefcase },
  { key: 'school', label: 'School', icon: GraduationCap },
  { key: 'location', label: 'Location', icon: MapPin },
  { key: 'quote', label: 'Quote', icon: Quote },
] as const;

function BasicInfoCard({ actor, profile }: { actor: ProfileActorRef; profile: Profile }) {
  const editing = useSelector(actor, (s) => !s.matches({ ready: { info: 'viewing' } }));
  const saving = useSelector(actor, (s) => s.matches({ ready: { info: 'saving' } }));
  const infoError = useSelector(actor, (s) => s.context.infoError);
  const [draft, setDraft] = useState<BasicInfo>(profile.basicInfo);
  const filled = INFO_FIELDS.filter((f) => profile.basicInfo[f.key]);
  if (!profile.isOwner && filled.length === 0) return null;
  if (editing) {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      actor.send({ type: 'profile.saveInfo', info: draft });
    };
    return (
      <Form aria-label="Basic info" onSubmit={submit} className="flex flex-col gap-3 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900">
        {INFO_FIELDS.map((f) => (
          <TextField key={f.key} label={f.label} value={draft[f.key]} onChange={(value) => setDraft({ ...draft, [f.key]: value })} />
        ))}
        {infoError ? <Alert tone="error">{infoError}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" isDisabled={saving} onPress={() => actor.send({ type: 'profile.cancelEdit' })}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </Form>
    );
  }
  return (
    <section aria-label="Basic info" className="flex flex-col gap-2 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900">
      {filled.length === 0 ? <p className="text-sm text-neutral-600 dark:text-neutral-400">Tell others about yourself.</p> : null}
      {filled.map((f) => (
        <p key={f.key} className="flex items-center gap-2 text-sm text-neutral-800 dark:text-neutral-200">
          <f.icon aria-hidden="true" size={16} />
          <span className="sr-only">{f.label}: </span>
          {profile.basicInfo[f.key]}
        </p>
      ))}
      {profile.isOwner ? (
        <div>
          <Button
            size="sm"
            variant="secondary"
            icon={<Pencil size={14} />}
            onPress={() => {
              setDraft(profile.basicInfo);
              actor.send({ type: 'profile.editInfo' });
            }}
          >
            Edit basic info
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function ProfileTabs({ actor, profile }: { actor: ProfileActorRef; profile: Profile }) {
  const tab = useSelector(actor, selectTab);
  const tabs = (Object.keys(TAB_NAMES) as ProfileTab[]).filter((t) => profile.isOwner || !OWNER_TABS.includes(t));
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
  return <FeedList feed={feed} callbacks={callbacks} empty={<EmptyState title="No posts yet" text={`${username} has not posted anything you can see.`} />} />;
}

function ListStatus({ actor, which }: { actor: ProfileActorRef; which: 'followers' | 'following' | 'gallery' }) {
  const loading = useSelector(actor, (s) => s.matches({ ready: { tab: { [which]: 'loading' } } }));
  const failed = useSelector(actor, (s) => s.matches({ ready: { tab: { [which]: 'failed' } } }));
  const listError = useSelector(actor, (s) => s.context.listError);
  if (loading) return <Skeleton className="h-24 w-full rounded-2xl" />;
  if (failed)
    return (
      <LoadError onRetry={() => actor.send({ type: 'profile.retry' })}>
        {listError}
      </LoadError>
    );
  return null;
}

function PeopleList({ actor, which }: { actor: ProfileActorRef; which: 'followers' | 'following' }) {
  const list = useSelector(actor, (s) => s.context[which]);
  const status = <ListStatus actor={actor} which={which} />;
  if (!list) return status;
  if (list.users.length === 0) return <EmptyState title={which === 'followers' ? 'No followers yet' : 'Not following anyone yet'} text="Members will appear here." />;
  return (
    <ul aria-label={TAB_NAMES[which]} className="flex flex-col gap-2">
      {list.users.map((user) => (
        <li key={user._id} className="flex items-center gap-3 rounded-2xl border border-neutral-200 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900">
          <Avatar {...user} />
          <Link href={memberHref(user)} className="font-semibold text-neutral-900 hover:underline dark:text-white">
            {user.username}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Gallery({ actor }: { actor: ProfileActorRef }) {
  const gallery = useSelector(actor, (s) => s.context.gallery);
  if (!gallery) return <ListStatus actor={actor} which="gallery" />;
  if (gallery.images.length === 0) return <EmptyState title="No images yet" text="Uploaded images will appear here." />;
  return (
    <ul aria-label="Gallery" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {gallery.images.map((image) => (
        <li key={image._id} className="aspect-square overflow-hidden rounded-2xl bg-neutral-200 dark:bg-neutral-800">
          <img src={image.url} alt={`${image.kind} image`} loading="lazy" className="size-full object-cover" />
        </li>
      ))}
    </ul>
  );
}

function ChangePassword({ actor }: { actor: ProfileActorRef }) {
  const saving = useSelector(actor, (s) => s.matches({ ready: { tab: { password: 'saving' } } }));
  const errors = useSelector(actor, (s) => s.context.passwordErrors);
  const message = useSelector(actor, (s) => s.context.passwordMessage);
  const [body, setBody] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'profile.changePassword', body });
  };
  return (
    <Form aria-label="Change password" onSubmit={submit} className="flex max-w-md flex-col gap-3">
      <PasswordField label="Current password" value={body.currentPassword} errorMessage={errors.currentPassword} onChange={(v) => setBody({ ...body, currentPassword: v })} />
      <PasswordField label="New password" value={body.newPassword} errorMessage={errors.newPassword} onChange={(v) => setBody({ ...body, newPassword: v })} />
      <PasswordField label="Confirm password" value={body.confirmPassword} errorMessage={errors.confirmPassword} onChange={(v) => setBody({ ...body, confirmPassword: v })} />
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      {message ? <Alert tone="success">{message}</Alert> : null}
      <div>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Updating...' : 'Update password'}
        </Button>
      </div>
    </Form>
  );
}

function NotificationSettingsPanel({ actor, profile }: { actor: ProfileActorRef; profile: Profile }) {
  const saving = useSelector(actor, (s) => s.matches({ ready: { tab: { notifications: 'saving' } } }));
  return (
    <ul aria-label="Notification settings" className="flex flex-col gap-2">
      {NOTIFICATION_SETTINGS.map((setting) => (
        <li key={setting.type} className="flex items-center justify-between gap-4 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900">
          <div>
            <p className="font-semibold text-neutral-900 dark:text-white">{setting.title}</p>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">{setting.description}</p>
          </div>
          <Switch
            aria-label={setting.title}
            isSelected={profile.notifications?.[setting.type] ?? false}
            isDisabled={saving}
            onChange={(value) => actor.send({ type: 'profile.setNotification', setting: setting.type, value })}
            className="group flex cursor-pointer items-center outline-none"
          >
            <span className="flex h-6 w-11 items-center rounded-full bg-neutral-300 p-0.5 transition group-data-[selected]:bg-accent group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-accent dark:bg-neutral-700">
              <span className="size-5 rounded-full bg-white shadow transition group-data-[selected]:translate-x-5" />
            </span>
          </Switch>
        </li>
      ))}
    </ul>
  );
}
