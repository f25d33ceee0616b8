import type { Comment, TextFormat } from '../../../src/api/posts';
import { serverEvents } from '../../../src/api/socket';
import type { Clock } from '../../clock';
import { newId } from '../../db/ids';
import { forbidden, notFound } from '../../http/httpError';
import type { PostAnnouncer } from '../posts/announce';
import type { PageRequest } from '../../core/paging';
import { pictureOf } from '../../core/presentUser';
import { POST_NOT_FOUND } from '../posts/service';
import type { Notifier } from '../notifications/service';
import type { PostsForOthers } from '../posts/forOthers';
import type { Viewer } from '../../core/visibility';
import { noLongerAvailable, type ClientSends } from '../sends/clientSends';
import type { CommentStore, ListedComment } from './store';

export const COMMENT_NOT_FOUND = 'Comment not found';

export const presentComment = (row: ListedComment): Comment => ({
  _id: row.id,
  postId: row.post_id,
  userId: row.user_id,
  username: row.username,
  avatarColor: row.avatar_color,
  profilePicture: pictureOf(row),
  comment: row.comment,
  format: row.format,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  editedAt: row.edited_at,
});

/** Comments on posts the member may see; each member edits and deletes only their own. */
export function createCommentService(deps: {
  store: CommentStore;
  posts: Pick<PostsForOthers, 'findVisible'>;
  announce: PostAnnouncer;
  clock: Clock;
  sends: ClientSends;
  notifier?: Pick<Notifier, 'notify' | 'withdraw'>;
}) {
  const { store, posts, announce } = deps;
  const now = () => deps.clock.now().toISOString();

  async function own(viewer: Viewer, commentId: string, verb: 'edit' | 'delete'): Promise<ListedComment> {
    const row = await store.findVisible(viewer, commentId);
    if (!row) throw notFound(COMMENT_NOT_FOUND);
    if (row.user_id !== viewer.id) throw forbidden(`You can only ${verb} your own comments`);
    return row;
  }

  async function visiblePost(viewer: Viewer, postId: string) {
    if (!(await posts.findVisible(viewer, postId))) throw notFound(POST_NOT_FOUND);
  }

  return {
    /**
     * A send with a client id is stored once: a retry answers the first comment as it is now
     * (`replayed`), with no second event or notification.
     */
    async add(viewer: Viewer, postId: string, comment: string, clientId?: string, format: TextFormat = 'plain') {
      const key = clientId ? { authorId: viewer.id, kind: 'comment' as const, clientId } : null;
      return deps.sends.once(
        key,
        async (claim) => {
          const at = now();
          const id = newId();
          const added = await store.add(
            viewer,
            { id, post_id: postId, user_id: viewer.id, comment, format, created_at: at, updated_at: at, edited_at: null },
            claim ? (trx) => claim(trx, id, at) : undefined,
          );
          if (!added) throw notFound(POST_NOT_FOUND);
          const row = await store.findVisible(viewer, id);
          if (!row) throw notFound(COMMENT_NOT_FOUND);
          const answer = { comment: presentComment(row), commentsCount: await store.commentsCount(postId) };
          // Members in a block with the commenter learn the new count, not the comment.
          announce.toAudience(postId, { event: serverEvents.commentAdded, payload: answer }, viewer.id);
          await deps.notifier?.notify({ kind: 'comment', to: added.authorId, actorId: viewer.id, target: { type: 'post', id: postId } });
          await deps.notifier?.notify({ kind: 'mention', to: added.mentioned, actorId: viewer.id, target: { type: 'post', id: postId } });
          return { ...answer, replayed: false };
        },
        async (commentId) => {
          const row = await store.findVisible(viewer, commentId);
          if (!row) throw noLongerAvailable('Comment');
          return { comment: presentComment(row), commentsCount: await store.commentsCount(row.post_id), replayed: true };
        },
      );
    },

    /** `format` left out keeps the comment's own. */
    async update(viewer: Viewer, commentId: string, comment: string, format?: TextFormat) {
      const existing = await own(viewer, commentId, 'edit');
      const mentioned = await store.update(commentId, existing.post_id, comment, format ?? existing.format, now());
      const row = await store.findVisible(viewer, commentId);
      if (!row) throw notFound(COMMENT_NOT_FOUND);
      const answer = { comment: presentComment(row), commentsCount: await store.commentsCount(existing.post_id) };
      announce.toAudience(existing.post_id, { event: serverEvents.commentUpdated, payload: answer }, viewer.id);
      await deps.notifier?.notify({ kind: 'mention', to: mentioned, actorId: viewer.id, target: { type: 'post', id: existing.post_id } });
      return answer;
    },

    async remove(viewer: Viewer, commentId: string) {
      const existing = await own(viewer, commentId, 'delete');
      await store.remove(commentId, existing.post_id);
      const commentsCount = await store.commentsCount(existing.post_id);
      announce.toAudience(existing.post_id, {
        event: serverEvents.commentDeleted,
        payload: { postId: existing.post_id, commentId, commentsCount },
      });
      // Undo: the commenter leaves the author's entry once none of their comments on the post is left.
      if (!(await store.hasCommented(existing.post_id, viewer.id))) {
        await deps.notifier?.withdraw({ kind: 'comment', actorId: viewer.id, targetId: existing.post_id });
      }
      return { postId: existing.post_id, commentsCount };
    },

    async ofPost(viewer: Viewer, postId: string, request: PageRequest) {
      await visiblePost(viewer, postId);
      const { items, nextCursor } = await store.ofPost(viewer, postId, request);
      return { comments: items.map(presentComment), commentsCount: await store.commentsCount(postId), nextCursor };
    },

    async names(viewer: Viewer, postId: string) {
      await visiblePost(viewer, postId);
      const names = (await store.names(viewer, postId)).map((row) => row.username);
      return { names, count: names.length };
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
