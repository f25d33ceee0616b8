import { useSelector } from '@xstate/react';
import { Ban, CircleHelp, Flag, MessageCircle, UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Post } from '../../../api/posts';
import { isBlockAsked, isBlocking, isChangingFollow, reportFormOf, shownFollowing } from '../../../machines/streams/post/author.connect';
import { chatHref } from '../../chat/chatLinks';
import { MoreMenuPopover } from '../../overlays/MoreMenuPopover';
import type { TriggerParts } from '../../overlays/OverlayTrigger';
import { useScreenActor } from '../../shared/useScreenActor';
import { useAuthorLogic } from '../../people/useAuthorLogic';
import { BlockConfirm, ReportDialog } from './overlayChunks';

/**
 * The menu of AuthorMenu, with the author machine behind it: follow / unfollow (at once, rolled
 * back on a refusal), Message (opens the private chat with them), Report post (a dialog) and block
 * (after 'Block <username>?'). Fetched on the menu's first open (or the intent to open it), then
 * drawn for as long as the card, so the machine, the report and the block question live on between
 * opens. The author machine announces a follow or a block, so every list on screen follows.
 */
export function AuthorMenuPopover({ parts, post, onWhy }: { parts: TriggerParts; post: Post; onWhy?: () => void }) {
  const author = useScreenActor(useAuthorLogic(), { input: { userId: post.userId, username: post.username, postId: post._id } });
  const report = useSelector(author, reportFormOf);
  const changing = useSelector(author, isChangingFollow);
  const asked = useSelector(author, isBlockAsked);
  const blocking = useSelector(author, isBlocking);
  const following = useSelector(author, (s) => shownFollowing(s, post.followingAuthor));
  const name = post.username;
  const [, navigate] = useLocation();
  const [blockAsked, setBlockAsked] = useState(asked);
  if (asked && !blockAsked) setBlockAsked(true);

  return (
    <>
      <MoreMenuPopover
        parts={parts}
        label={`More options for ${name}`}
        items={[
          following
            ? { id: 'follow', label: `Unfollow ${name}`, icon: <UserCheck aria-hidden="true" size={17} /> }
            : { id: 'follow', label: `Follow ${name}`, icon: <UserPlus aria-hidden="true" size={17} /> },
          { id: 'message', label: `Message ${name}`, icon: <MessageCircle aria-hidden="true" size={17} /> },
          ...(onWhy ? [{ id: 'why', label: 'Why am I seeing this?', icon: <CircleHelp aria-hidden="true" size={17} /> }] : []),
          { id: 'report', label: 'Report post', icon: <Flag aria-hidden="true" size={17} /> },
          { id: 'block', label: `Block ${name}`, icon: <Ban aria-hidden="true" size={17} />, danger: true },
        ]}
        disabledKeys={changing ? ['follow'] : []}
        onAction={(id) => {
          if (id === 'follow') author.send({ type: 'author.toggleFollow', following });
          if (id === 'block') author.send({ type: 'author.askBlock' });
          if (id === 'message') navigate(chatHref({ username: name, id: post.userId }));
          if (id === 'report') author.send({ type: 'author.report' });
          if (id === 'why') onWhy?.();
        }}
      />
      {report ? <ReportDialog report={report} /> : null}
      {/* Drawn from the first ask on (its code waits for it), so it closes as it always did. */}
      {blockAsked ? (
        <BlockConfirm
          name={name}
          isOpen={asked}
          blocking={blocking}
          onCancel={() => author.send({ type: 'author.cancelBlock' })}
          onConfirm={() => author.send({ type: 'author.confirmBlock' })}
        >
          You will not see each other&apos;s posts, comments or reactions, and neither of you will follow the other. You can unblock them
          later.
        </BlockConfirm>
      ) : null}
    </>
  );
}
