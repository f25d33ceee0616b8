import type { Post } from '../../../api/posts';
import { deferred } from '../../overlays/Deferred';
import { MoreMenuTrigger } from '../../overlays/MoreMenu';

// The menu and the author machine behind it (follow, block, report) wait for the first open: most
// cards' menus are never opened.
const AuthorMenuPopover = deferred(() => import('./AuthorMenuPopover').then((module) => module.AuthorMenuPopover));

/**
 * The '…' menu of another member's post (AuthorMenuPopover.tsx): follow / unfollow, Message, Report
 * post and block. The author machine announces a follow or a block, so every list on screen follows:
 * the following mark on each of their posts, or their posts gone.
 */
export function AuthorMenu({ post, onWhy }: { post: Post; onWhy?: () => void }) {
  return (
    <MoreMenuTrigger
      label={`More options for ${post.username}`}
      preload={AuthorMenuPopover.preload}
      popover={(parts) => <AuthorMenuPopover parts={parts} post={post} {...(onWhy ? { onWhy } : {})} />}
    />
  );
}
