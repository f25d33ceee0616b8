import { useSelector } from '@xstate/react';
import { UserCheck, UserPlus } from 'lucide-react';
import { Link } from 'wouter';
import type { Person } from '../../api/users';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { MessageLink } from '../chat/MessageLink';
import { useAuthorLogic } from './useAuthorLogic';
import { memberHref } from './memberHref';
import { useScreenActor } from '../shared/useScreenActor';
import { isChangingFollow, shownFollowing } from '../../machines/streams/post/author.connect';

/** Follow / Unfollow through the author machine (optimistic; every list on screen follows). */
export function FollowButton({ userId, username, following: confirmed }: { userId: string; username: string; following: boolean }) {
  const author = useScreenActor(useAuthorLogic(), { input: { userId, username } });
  const changing = useSelector(author, isChangingFollow);
  const following = useSelector(author, (s) => shownFollowing(s, confirmed));
  return (
    <Button
      size="sm"
      variant={following ? 'secondary' : 'primary'}
      icon={following ? <UserCheck size={16} /> : <UserPlus size={16} />}
      isDisabled={changing}
      aria-label={following ? `Unfollow ${username}` : `Follow ${username}`}
      onPress={() => author.send({ type: 'author.toggleFollow', following })}
    >
      {following ? 'Unfollow' : 'Follow'}
    </Button>
  );
}

/** A dot after the avatar: green while the member is online. */
export function OnlineDot({ online, username }: { online: boolean; username: string }) {
  return (
    <span
      role="img"
      aria-label={online ? `${username} is online` : `${username} is offline`}
      data-online={online}
      className={`absolute -right-0.5 -bottom-0.5 size-3.5 rounded-full border-2 border-white dark:border-neutral-900 ${online ? 'bg-green-600' : 'bg-neutral-400'}`}
    />
  );
}

/** `online` null: presence is not watched where the row is shown (no dot, rather than a wrong one). */
export function PersonRow({ person, online, isMe }: { person: Person; online: boolean | null; isMe: boolean }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl border border-neutral-200 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900">
      <span className="relative">
        <Avatar {...person} />
        {online === null ? null : <OnlineDot online={online} username={person.username} />}
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <Link href={memberHref(person)} className="truncate font-semibold text-neutral-900 hover:underline dark:text-white">
          {person.username}
        </Link>
        {person.followsYou ? <span className="text-xs text-neutral-600 dark:text-neutral-400">Follows you</span> : null}
      </div>
      {isMe ? null : (
        <div className="flex shrink-0 items-center gap-2">
          <MessageLink userId={person._id} username={person.username} size="sm" compact />
          <FollowButton userId={person._id} username={person.username} following={person.isFollowing} />
        </div>
      )}
    </li>
  );
}
