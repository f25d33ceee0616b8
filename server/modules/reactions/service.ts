import type { ReactionType } from '../../../src/api/constants';
import type { Reaction, ReactionChange } from '../../../src/api/posts';
import { serverEvents } from '../../../src/api/socket';
import type { Clock } from '../../clock';
import { notFound } from '../../http/httpError';
import type { PostAnnouncer } from '../posts/announce';
import { reactionCountsOf } from '../../core/presentPost';
import { pictureOf } from '../../core/presentUser';
import { POST_NOT_FOUND } from '../posts/service';
import type { Notifier } from '../notifications/service';
import type { PostsForOthers } from '../posts/forOthers';
import type { Viewer } from '../../core/visibility';
import type { ReactionRow, ReactionStore } from './store';

export const presentReaction = (row: ReactionRow): Reaction => ({
  _id: row.id,
  postId: row.post_id,
  type: row.type,
  userId: row.user_id,
  username: row.username,
  avatarColor: row.avatar_color,
  profilePicture: pictureOf(row),
  createdAt: row.created_at,
});

/** One reaction per member per post; the counts are the server's, never the client's. */
export function createReactionService(deps: {
  store: ReactionStore;
  posts: Pick<PostsForOthers, 'findVisible' | 'reactionCounts'>;
  announce: PostAnnouncer;
  clock: Clock;
  notifier?: Pick<Notifier, 'notify' | 'withdraw'>;
}) {
  const { store, posts, announce } = deps;

  async function answer(viewer: Viewer, postId: string, message: string): Promise<ReactionChange> {
    const counts = await posts.reactionCounts(postId);
    if (!counts) throw notFound(POST_NOT_FOUND);
    const reactions = reactionCountsOf(counts);
    announce.toAudience(postId, { event: serverEvents.postReactions, payload: { postId, reactions } });
    return { message, postId, reactions, userReaction: await store.own(viewer.id, postId) };
  }

  return {
    async react(viewer: Viewer, postId: string, type: ReactionType): Promise<ReactionChange> {
      const set = await store.set(viewer, postId, type, deps.clock.now().toISOString());
      if (!set) throw notFound(POST_NOT_FOUND);
      const saved = await answer(viewer, postId, 'Reaction saved');
      // A first reaction tells the author; changing one's mind does not tell them again.
      if (set.change === 'added')
        await deps.notifier?.notify({ kind: 'reaction', to: set.authorId, actorId: viewer.id, target: { type: 'post', id: postId } });
      return saved;
    },

    async remove(viewer: Viewer, postId: string): Promise<ReactionChange> {
      if (!(await store.remove(viewer, postId))) throw notFound(POST_NOT_FOUND);
      const removed = await answer(viewer, postId, 'Reaction removed');
      await deps.notifier?.withdraw({ kind: 'reaction', actorId: viewer.id, targetId: postId });
      return removed;
    },

    async ofPost(viewer: Viewer, postId: string) {
      if (!(await posts.findVisible(viewer, postId))) throw notFound(POST_NOT_FOUND);
      const reactions = (await store.ofPost(viewer, postId)).map(presentReaction);
      return { reactions, count: reactions.length };
    },

    async byUser(viewer: Viewer, userId: string | undefined) {
      const reactions = userId ? (await store.byUser(viewer, userId)).map(presentReaction) : [];
      return { reactions, count: reactions.length };
    },

    async single(viewer: Viewer, userId: string | undefined, postId: string) {
      if (!(await posts.findVisible(viewer, postId))) throw notFound(POST_NOT_FOUND);
      const row = userId ? (await store.byUser(viewer, userId, postId))[0] : undefined;
      return { reaction: row ? presentReaction(row) : null };
    },
  };
}

export type ReactionService = ReturnType<typeof createReactionService>;
