import { useSelector } from '@xstate/react';
import { Bookmark, BookmarkCheck, EyeOff, MessageCircle, MessageSquareReply, Pencil, Trash2, UsersRound } from 'lucide-react';
import { memo, useMemo } from 'react';
import { Link } from 'wouter';
import { shortenNumber } from '../../../api/numbers';
import type { Post, PostReactions } from '../../../api/posts';
import { topicLabel, type Topic } from '../../../api/posts/topics';
import { shiftReaction } from '../../../machines/streams/postList';
import { confirmedReaction, isSavingReaction, myReaction } from '../../../machines/streams/post/reactions.connect';
import { isPostSaved, isSavingPost } from '../../../machines/streams/post/save.connect';
import { isPostAuthor } from '../../../machines/streams/post/author.connect';
import { RichText } from '../../ui/RichText';
import { FormattedText } from '../../ui/markdown/FormattedText';
import { IconButton } from '../../ui/IconButton';
import { AuthorMenu } from './AuthorMenu';
import { useComposer } from '../ComposerContext';
import { inkOn, isColoured, timeAgo } from './format';
import { actionClasses, ReactionAction, ReactionCounts } from '../reactions/ReactionBar';
import { useStreamsLogic } from '../StreamsLogic';
import { useScreenActor } from '../../shared/useScreenActor';
import { Audience, PostAuthorHeader, PRIVACY_ICON } from './PostAuthorHeader';
import { PostMedia } from './PostMedia';
import { useReactionWish } from './useReactionWish';
import { useAppChild } from '../../AppContext';
import { OutboxMark } from '../../offline/OutboxMark';
import { reactionClientId } from '../../../machines/offline/outbox.types';
import { outboxReactionFor, outboxWaitingCount } from '../../../machines/offline/outbox.connect';

export interface PostCardProps {
  /** As the server shows it to the member (their reaction, saved, following the author). */
  post: Post;
  /** The signed-in member's id: the author gets edit and delete. */
  viewerId: string | null;
  onReacted: (change: PostReactions) => void;
  onSaved: (post: Post, saved: boolean) => void;
  onOpenComments: (post: Post) => void;
  onOpenReactions: (post: Post) => void;
  onPublished: (post: Post) => void;
  onDeleted: (postId: string) => void;
  /** "Why am I seeing this?" (posts of a "For you" page carry their reasons). */
  onWhy?: (postId: string) => void;
}

/** One post or question in a list. */
export const PostCard = memo(function PostCard(props: PostCardProps) {
  const { post, viewerId } = props;
  const logic = useStreamsLogic();
  const { openComposer } = useComposer();
  const outbox = useAppChild('outbox');
  const reactionsLogic = useMemo(
    () =>
      logic.reactions.provide({
        actions: {
          confirmed: (_, change: PostReactions) => {
            // The server has the member's reaction now: a refused wish of theirs for this post is stale
            // (a waiting one is newer than this answer and stays).
            if (outboxReactionFor(outbox.getSnapshot(), change.postId)?.state === 'failed')
              outbox.send({ type: 'outbox.delete', clientId: reactionClientId(change.postId) });
            props.onReacted(change);
          },
        },
      }),
    // The card's actor is started once; the callback reaches the list through the latest props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [logic],
  );
  const reactions = useScreenActor(reactionsLogic, { input: { postId: post._id, mine: post.userReaction } });
  const mine = useSelector(reactions, myReaction);
  const confirmed = useSelector(reactions, confirmedReaction);
  const busy = useSelector(reactions, isSavingReaction);
  const { shown, wish } = useReactionWish(reactions, post._id, mine, confirmed);
  const saveLogic = useMemo(
    () => logic.save.provide({ actions: { changed: (_, { saved }: { saved: boolean }) => props.onSaved(post, saved) } }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [logic],
  );
  const save = useScreenActor(saveLogic, { input: { postId: post._id, saved: post.saved } });
  const saved = useSelector(save, isPostSaved);
  const savingBusy = useSelector(save, isSavingPost);

  const counts = shiftReaction(post.reactions, confirmed, shown);
  // The member's comments (and answers) waiting in the outbox count while they wait; sent, the server's count has them.
  const commentsCount = post.commentsCount + useSelector(outbox, (s) => outboxWaitingCount(s, 'comment', post._id));
  const answersCount = post.answersCount + useSelector(outbox, (s) => outboxWaitingCount(s, 'answer', post._id));
  // A group post is seen by whoever may read its group (the group's rule), not by its privacy field.
  const Privacy = post.groupId ? UsersRound : PRIVACY_ICON[post.privacy];
  const audience = post.groupId ? 'Group' : post.privacy;
  // Backgrounds are for short plain posts only: a Markdown post is a text to read.
  const coloured = post.format !== 'markdown' && isColoured(post.bgColor) && !post.image && !post.video;
  const isAuthor = isPostAuthor(viewerId, post);
  const isQuestion = post.kind === 'question';
  const href = isQuestion ? `/question/${post._id}` : `/post/${post._id}`;

  return (
    <article
      aria-labelledby={`post-${post._id}-author`}
      data-post-id={post._id}
      className="rounded-3xl border border-neutral-200 bg-white shadow-sm dark:border-neutral-800 dark:bg-neutral-900"
    >
      <PostAuthorHeader
        author={post}
        labelId={`post-${post._id}-author`}
        feelings={post.feelings}
        isQuestion={isQuestion}
        meta={
          <p className="flex items-center gap-1.5 text-[13px] text-neutral-600 dark:text-neutral-400">
            <Link href={href} className="rounded hover:underline">
              <time dateTime={post.createdAt} title={new Date(post.createdAt).toLocaleString()}>
                {timeAgo(post.createdAt)}
              </time>
            </Link>
            <span aria-hidden="true">·</span>
            <Audience icon={Privacy} label={audience} />
            {post.editedAt ? (
              <>
                <span aria-hidden="true">·</span>
                <span title={`Edited ${new Date(post.editedAt).toLocaleString()}`}>edited</span>
              </>
            ) : null}
          </p>
        }
      >
        {isAuthor ? (
          <div className="flex shrink-0">
            {/* A post hidden by moderators cannot be edited (the server refuses it too); it can still be deleted. */}
            {post.hidden ? null : (
              <IconButton
                label={isQuestion ? 'Edit question' : 'Edit post'}
                onPress={() => openComposer({ type: 'editpost', post }, { onPublished: props.onPublished, onDeleted: props.onDeleted })}
              >
                <Pencil size={17} />
              </IconButton>
            )}
            <IconButton
              label={isQuestion ? 'Delete question' : 'Delete post'}
              onPress={() => openComposer({ type: 'deletepost', post }, { onPublished: props.onPublished, onDeleted: props.onDeleted })}
            >
              <Trash2 size={17} />
            </IconButton>
          </div>
        ) : viewerId !== null ? (
          <div className="flex shrink-0">
            <AuthorMenu post={post} {...(post.reasons?.length && props.onWhy ? { onWhy: () => props.onWhy?.(post._id) } : {})} />
          </div>
        ) : null}
      </PostAuthorHeader>

      {post.hidden ? <HiddenNotice reason={post.hiddenReason} isAuthor={isAuthor} /> : null}

      {post.post ? (
        coloured ? (
          <div
            className="mx-4 mt-3 flex min-h-40 items-center justify-center rounded-2xl px-6 py-8 text-center text-xl font-semibold break-words whitespace-pre-wrap"
            style={{ backgroundColor: post.bgColor, color: inkOn(post.bgColor) }}
          >
            <RichText text={post.post} tone="inherit" />
          </div>
        ) : (
          <FormattedText
            text={post.post}
            format={post.format}
            className="px-4 pt-3 text-[15px] leading-relaxed break-words text-neutral-900 dark:text-neutral-100"
          />
        )
      ) : null}

      {post.topics?.length ? <TopicChips topics={post.topics} /> : null}

      <PostMedia post={post} size="card" />

      <footer className="mx-3 mt-2 flex items-center gap-1 border-t border-neutral-100 py-1.5 dark:border-neutral-800">
        <ReactionAction mine={shown} isBusy={busy} onChoose={(reaction) => reactions.send({ type: 'reaction.choose', reaction })} />
        <ReactionCounts counts={counts} onOpen={() => props.onOpenReactions(post)} />
        <button
          type="button"
          onClick={() => props.onOpenComments(post)}
          className={actionClasses}
          aria-label={`Comments: ${commentsCount}`}
        >
          <MessageCircle aria-hidden="true" size={18} />
          <span data-testid="comments-count">{String(shortenNumber(commentsCount))}</span>
        </button>
        {isQuestion ? (
          <Link href={href} className={actionClasses} aria-label={`${answersCount} ${answersCount === 1 ? 'answer' : 'answers'}`}>
            <MessageSquareReply aria-hidden="true" size={18} />
            <span>{String(shortenNumber(answersCount))}</span>
          </Link>
        ) : null}
        <span className="flex-1" />
        <IconButton
          label={saved ? 'Remove from saved' : 'Save post'}
          aria-pressed={saved}
          isDisabled={savingBusy}
          onPress={() => save.send({ type: 'save.toggle' })}
        >
          {saved ? <BookmarkCheck size={19} className="text-accent-strong dark:text-accent" /> : <Bookmark size={19} />}
        </IconButton>
      </footer>
      {wish ? (
        <p className="px-4 pb-2" data-testid="reaction-outbox">
          <OutboxMark outbox={outbox} item={wish} />
        </p>
      ) : null}
    </article>
  );
});

/** Shown at most, so the chips stay one quiet line; the rest is counted ("+2") and named on hover and to screen readers. */
const TOPICS_SHOWN = 3;

/** The post's interest topics (chosen and from its hashtags) as small muted chips, each a link to its topic's posts (the search for `#topic`). */
function TopicChips({ topics }: { topics: Topic[] }) {
  const shown = topics.slice(0, TOPICS_SHOWN);
  const rest = topics.slice(TOPICS_SHOWN).map(topicLabel);
  const chip = 'rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-600 dark:bg-neutral-800 dark:text-neutral-400';
  return (
    <ul aria-label="Topics" className="flex flex-wrap gap-1.5 px-4 pt-2">
      {shown.map((topic) => (
        <li key={topic}>
          <Link href={`~/app/social/topic/${topic}`} className={`${chip} inline-block hover:underline`}>
            {topicLabel(topic)}
          </Link>
        </li>
      ))}
      {rest.length ? (
        <li className={chip} title={rest.join(', ')}>
          <span aria-hidden="true">+{rest.length}</span>
          <span className="sr-only">and {rest.join(', ')}</span>
        </li>
      ) : null}
    </ul>
  );
}

/** What the author (and admins) see on a post moderators hid; nobody else sees the post at all. */
function HiddenNotice({ reason, isAuthor }: { reason?: string; isAuthor: boolean }) {
  return (
    <div
      role="note"
      className="mx-4 mt-3 flex gap-2.5 rounded-2xl border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <EyeOff aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">Hidden by moderators</p>
        {reason ? <p className="break-words">Reason: {reason}</p> : null}
        <p className="text-amber-900 dark:text-amber-200">
          {isAuthor
            ? 'Only you and the moderators can see this post. It can no longer be edited.'
            : 'Only its author and the moderators can see this post.'}
        </p>
      </div>
    </div>
  );
}
