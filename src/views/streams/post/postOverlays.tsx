import { useState } from 'react';
import type { Post } from '../../../api/posts';
import type { Commenter } from '../../../machines/streams/discussion/comments.machine';
import { useSessionProfile } from '../../layouts/useShell';
import { CommentsModal, ReactionsModal } from './overlayChunks';
import type { useFeed } from '../useFeed';

type Callbacks = ReturnType<typeof useFeed>['callbacks'];

type Profile = ReturnType<typeof useSessionProfile>;

/** The signed-in member as comments and answers show their writer (null while signed out). */
export const commenterOf = (profile: Profile): Commenter | null =>
  profile
    ? {
        userId: profile._id,
        username: profile.username,
        avatarColor: profile.avatarColor,
        profilePicture: profile.profilePicture || profile.avatarImage,
      }
    : null;

/**
 * What a list of post cards shares: each card's handlers (the list's feed callbacks, and opening
 * the comments or reactions of a post) and the one comments modal and reactions modal they open.
 */
export function usePostOverlays(callbacks: Callbacks) {
  const profile = useSessionProfile();
  const me = commenterOf(profile);
  const [comments, setComments] = useState<Post | null>(null);
  const [reactions, setReactions] = useState<Post | null>(null);
  const cardProps = {
    viewerId: profile?._id ?? null,
    onReacted: callbacks.onReacted,
    onSaved: callbacks.onSaved,
    onPublished: callbacks.onPublished,
    onDeleted: callbacks.onDeleted,
    onWhy: callbacks.onWhy,
    onOpenComments: setComments,
    onOpenReactions: setReactions,
  };
  const overlays = (
    <>
      {comments && me ? (
        <CommentsModal postId={comments._id} me={me} onCount={callbacks.onCommentsCount} onClose={() => setComments(null)} />
      ) : null}
      {reactions ? <ReactionsModal postId={reactions._id} onClose={() => setReactions(null)} /> : null}
    </>
  );
  return { cardProps, overlays };
}
