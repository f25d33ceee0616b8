import { useSelector } from '@xstate/react';
import { Camera, ImagePlus, Settings } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { Link } from 'wouter';
import type { Profile } from '../../../api/users';
import type { ProfileActorRef } from '../../../machines/people/profile/profile.machine';
import type { ProfileImageKind } from '../../../machines/people/profile/profileImage.machine';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { MessageLink } from '../../chat/MessageLink';
import { DefaultCover } from './DefaultCover';
import { ImagePicker } from './ImagePicker';
import { VisitorMenu } from './VisitorMenu';
import { isChangingFollow } from '../../../machines/people/profile/profile.connect';

const onPhoto =
  'inline-flex cursor-pointer items-center gap-2 rounded-full bg-neutral-950/70 text-sm font-semibold text-white outline-none backdrop-blur ' +
  'data-[hovered]:bg-neutral-950/85 data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent';

/** The banner: cover, picture, name, the owner's picture buttons or a visitor's follow and menu, the counts. */
export function ProfileBanner({ actor, profile }: { actor: ProfileActorRef; profile: Profile }) {
  const changing = useSelector(actor, isChangingFollow);
  const pick = (kind: ProfileImageKind) => (dataUrl: string) => actor.send({ type: 'profile.chooseImage', kind, dataUrl });
  return (
    <section
      aria-label="Profile"
      className="overflow-hidden rounded-3xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="relative h-36 bg-gradient-to-r from-neutral-300 to-neutral-200 sm:h-44 dark:from-neutral-800 dark:to-neutral-700">
        {profile.coverImage ? (
          <img src={profile.coverImage} alt={`${profile.username}'s cover image`} className="size-full object-cover" />
        ) : (
          <DefaultCover avatarColor={profile.avatarColor} />
        )}
        {profile.isOwner ? (
          <ImagePicker onPick={pick('background')}>
            <AriaButton className={`${onPhoto} absolute top-3 right-3 h-9 px-3`}>
              <ImagePlus aria-hidden="true" size={16} />
              {profile.coverImage ? 'Change cover' : 'Add cover'}
            </AriaButton>
          </ImagePicker>
        ) : null}
      </div>
      <div className="flex flex-wrap items-end gap-4 px-5 pb-5">
        <div className="relative -mt-8">
          <Avatar {...profile} size="lg" className="ring-4 ring-white dark:ring-neutral-900" />
          {profile.isOwner ? (
            <ImagePicker onPick={pick('profile')}>
              <AriaButton aria-label="Change profile picture" className={`${onPhoto} absolute -right-1 -bottom-1 size-8 justify-center`}>
                <Camera aria-hidden="true" size={16} />
              </AriaButton>
            </ImagePicker>
          ) : null}
        </div>
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
          <div className="flex items-center gap-2">
            <Button
              variant={profile.isFollowing ? 'secondary' : 'primary'}
              isDisabled={changing}
              onPress={() => actor.send({ type: 'profile.toggleFollow' })}
            >
              {profile.isFollowing ? 'Unfollow' : 'Follow'}
            </Button>
            <MessageLink userId={profile._id} username={profile.username} />
            <VisitorMenu actor={actor} username={profile.username} />
          </div>
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
