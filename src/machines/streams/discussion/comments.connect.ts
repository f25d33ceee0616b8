import type { Comment } from '../../../api/posts';
import { TEMP_PREFIX, type Commenter, type CommentsSnapshot } from './comments.machine';

/**
 * What a post's comments panel shows and what the member may do there, read from the comments
 * machine's snapshot. The panel asks these instead of reading the context or comparing ids itself.
 */

export const isCommentsLoading = (s: CommentsSnapshot) => s.matches('loading');
export const hasCommentsFailed = (s: CommentsSnapshot) => s.matches('failed');
export const commentsError = (s: CommentsSnapshot) => s.context.error;

export const shownComments = (s: CommentsSnapshot) => s.context.comments;
export const commentDraft = (s: CommentsSnapshot) => s.context.draft;
/** The comment box's Markdown option: 'plain' or 'markdown'. */
export const commentFormat = (s: CommentsSnapshot) => s.context.format;
/** The comment box shows its preview tab (Markdown only). */
export const isPreviewingComment = (s: CommentsSnapshot) => s.matches({ ready: { write: { idle: 'previewing' } } });
/** The comment being edited and its text so far, or null. */
export const commentEditing = (s: CommentsSnapshot) => s.context.editing;

/** Another page of comments waits. */
export const hasMoreComments = (s: CommentsSnapshot) => s.context.nextCursor !== null;
export const isLoadingMoreComments = (s: CommentsSnapshot) => s.matches({ ready: { more: 'loading' } });

/** A comment is on its way: the send button waits. */
export const isAddingComment = (s: CommentsSnapshot) => s.matches({ ready: { write: 'adding' } });

/** The comment that did not go out is back in the box: sending it again is the same send ("Try again"). */
export const isTryAgain = (s: CommentsSnapshot) => s.context.unsent !== null && s.context.unsent.text === s.context.draft.trim();

/** The comment is still on its way to the server (it has no real id yet). */
export const isCommentSending = (comment: Pick<Comment, '_id'>) => comment._id.startsWith(TEMP_PREFIX);

/** The member may edit and delete this comment: theirs, and already on the server (as the machine's guard). */
export const canChangeComment = (me: Pick<Commenter, 'userId'>, comment: Pick<Comment, '_id' | 'userId'>) =>
  comment.userId === me.userId && !isCommentSending(comment);
