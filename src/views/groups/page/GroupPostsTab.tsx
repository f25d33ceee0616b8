import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { GroupActorRef } from '../../../machines/groups/group.machine';
import { selectGroupId, selectGroupName, selectIsMember, selectPostsAreReviewed } from '../../../machines/groups/group.connect';
import { Avatar } from '../../ui/Avatar';
import { useSessionProfile } from '../../layouts/useShell';
import { useComposer } from '../../streams/ComposerContext';
import { FeedList } from '../../streams/FeedList';
import { EmptyState } from '../../streams/PageParts';
import { useFeed } from '../../streams/useFeed';

/** The group's accepted posts, and for members the way into the composer (posts go into the group). */
export function GroupPostsTab({ actor }: { actor: GroupActorRef }) {
  const groupId = useSelector(actor, selectGroupId);
  const name = useSelector(actor, selectGroupName);
  const isMember = useSelector(actor, selectIsMember);
  // A plain member's posts wait for an admin's review; an admin's appear at once.
  const reviewed = useSelector(actor, selectPostsAreReviewed);
  const source = useMemo(() => ({ kind: 'group' as const, groupId }), [groupId]);
  const { feed, callbacks } = useFeed(source);
  const { openComposer, preloadComposer } = useComposer();
  const profile = useSessionProfile();

  return (
    <div className="flex flex-col gap-4">
      {isMember ? (
        <>
          <button
            type="button"
            onClick={() => openComposer({ type: 'createpost', group: { id: groupId, name } }, callbacks)}
            onPointerEnter={preloadComposer}
            onFocus={preloadComposer}
            className="flex cursor-pointer items-center gap-3 rounded-3xl border border-neutral-200 bg-white px-4 py-3 text-left shadow-sm outline-none hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-accent dark:border-neutral-800 dark:bg-neutral-900 dark:hover:bg-neutral-800"
          >
            {profile ? (
              <Avatar
                username={profile.username}
                avatarColor={profile.avatarColor}
                avatarImage={profile.avatarImage}
                profilePicture={profile.profilePicture}
              />
            ) : null}
            <span className="text-[15px] text-neutral-600 dark:text-neutral-400">Write something in {name}...</span>
          </button>
          {reviewed ? (
            <p className="px-1 text-sm text-neutral-600 dark:text-neutral-400">
              A group admin reviews members' posts before they appear here.
            </p>
          ) : null}
        </>
      ) : null}
      <FeedList
        feed={feed}
        callbacks={callbacks}
        empty={
          <EmptyState
            title="No posts yet"
            text={isMember ? 'Be the first to share something with the group.' : 'Join the group to share something here.'}
          />
        }
      />
    </div>
  );
}
