import { EyeOff, Globe, Lock, Users, UsersRound } from 'lucide-react';
import { Link } from 'wouter';
import type { Post } from '../../api/posts';
import { Avatar } from '../ui/Avatar';
import { inkOn, isColoured, timeAgo } from '../streams/post/format';
import { Badge } from './Badges';
import { PostMedia } from '../streams/post/PostMedia';

const PRIVACY_ICON = { Public: Globe, Followers: Users, Private: Lock } as const;

/**
 * A post as it is, read-only, for moderators: whatever its privacy (admins see every post), its
 * text, picture, video or gif, and whether it is hidden. No reactions, comments or menus: the
 * queue's own actions are beside it. The member area's PostCard needs the member's reaction and
 * save machines, which a moderator has no use for here.
 */
export function PostPreview({
  post,
  showHiddenReason = true,
}: {
  post: Post;
  /** Off where the page states the reason itself. */ showHiddenReason?: boolean;
}) {
  const Privacy = post.groupId ? UsersRound : PRIVACY_ICON[post.privacy];
  const audience = post.groupId ? 'Group' : post.privacy;
  const coloured = post.format !== 'markdown' && isColoured(post.bgColor) && !post.image && !post.video;
  const href = post.kind === 'question' ? `~/app/social/question/${post._id}` : `~/app/social/post/${post._id}`;
  return (
    <figure className="flex flex-col gap-3 rounded-2xl border border-neutral-200 p-3 dark:border-neutral-800">
      <figcaption className="flex items-start gap-3">
        <Avatar username={post.username} avatarColor={post.avatarColor} profilePicture={post.profilePicture} size="sm" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-semibold text-neutral-900 dark:text-white">{post.username}</span>
            {post.kind === 'question' ? <Badge>Question</Badge> : null}
            {post.hidden ? <Badge tone="red">Hidden</Badge> : null}
          </p>
          <p className="flex flex-wrap items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-400">
            <Link href={href} className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-accent">
              <time dateTime={post.createdAt} title={new Date(post.createdAt).toLocaleString()}>
                {timeAgo(post.createdAt)}
              </time>
            </Link>
            <span aria-hidden="true">·</span>
            <Privacy aria-hidden="true" size={12} />
            <span className="sr-only">Visible to:</span>
            <span>{audience}</span>
            {post.editedAt ? (
              <>
                <span aria-hidden="true">·</span>
                <span>edited</span>
              </>
            ) : null}
          </p>
        </div>
      </figcaption>
      {post.post ? (
        coloured ? (
          <p
            className="flex min-h-24 items-center justify-center rounded-xl px-4 py-6 text-center text-lg font-semibold break-words whitespace-pre-wrap"
            style={{ backgroundColor: post.bgColor, color: inkOn(post.bgColor) }}
          >
            {post.post}
          </p>
        ) : (
          <p className="text-[15px] leading-relaxed break-words whitespace-pre-wrap text-neutral-900 dark:text-neutral-100">{post.post}</p>
        )
      ) : null}
      <PostMedia post={post} size="preview" />
      {showHiddenReason && post.hidden && post.hiddenReason ? (
        <p className="flex items-start gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950/50 dark:text-red-200">
          <EyeOff aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
          <span>Hidden by moderators: {post.hiddenReason}</span>
        </p>
      ) : null}
    </figure>
  );
}

/** A post's first words, as lists and dialogs name it. */
export function postLabel(post: Post): string {
  const words = post.post.trim().replace(/\s+/g, ' ');
  if (!words)
    return post.image || post.video || post.gifUrl ? `${post.username}'s ${post.video ? 'video' : 'picture'}` : `${post.username}'s post`;
  return words.length > 60 ? `${words.slice(0, 57)}...` : words;
}
