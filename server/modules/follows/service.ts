import type { UsersList } from '../../../src/api/users/follows';
import type { Cursor } from '../../../src/api/pages';
import { serverEvents } from '../../../src/api/socket';
import type { Clock } from '../../clock';
import { badRequest, forbidden, notFound } from '../../http/httpError';
import type { Fanout } from '../../realtime/fanout';
import type { Notifier } from '../notifications/service';
import type { Viewer } from '../../core/visibility';
import type { FollowStore } from './store';
import { presentSummary } from '../../core/presentUser';

export const USER_NOT_FOUND = 'User not found';

/** Follow and block rules: not yourself, nobody who blocked you, and a block ends follows both ways. */
export function createFollowService(deps: {
  store: FollowStore;
  clock: Clock;
  fanout: Fanout;
  notifier?: Pick<Notifier, 'notify' | 'withdraw' | 'forgetBetween'>;
}) {
  const { store, fanout } = deps;
  // Every tab of the member (and, for a block, the other member's) updates its lists at once.
  const tell = (userIds: string[], payload: { userId: string; following?: boolean; blocked?: boolean }) =>
    fanout.toUsers(userIds, serverEvents.relationChanged, payload);
  const now = () => deps.clock.now().toISOString();

  /** The target must exist; a member who blocked the viewer is as good as absent. */
  async function target(viewer: Viewer, userId: string, verb: string) {
    if (userId === viewer.id) throw badRequest(`You cannot ${verb} yourself`);
    const exists = await store.visibleMember({ id: viewer.id, isAdmin: true }, userId);
    if (!exists) throw notFound(USER_NOT_FOUND);
    return exists;
  }

  /** A page of a followers or following list; the first page also says how many the list holds. */
  const list = async (viewer: Viewer, side: 'followers' | 'following', userId: string, cursor?: Cursor): Promise<UsersList> => {
    if (!(await store.visibleMember(viewer, userId))) throw notFound(USER_NOT_FOUND);
    const page = await store[side](viewer, userId, cursor);
    const users = page.items.map(presentSummary);
    if (cursor) return { users, nextCursor: page.nextCursor };
    return { users, count: await store.relationCount(viewer, side, userId), nextCursor: page.nextCursor };
  };

  return {
    /** The member's row, unless they do not exist or a block stands between them and the viewer (the other areas' member pages ask this). */
    visibleMember: (viewer: Viewer, userId: string) => store.visibleMember(viewer, userId),

    async follow(viewer: Viewer, userId: string): Promise<void> {
      await target(viewer, userId, 'follow');
      const { aBlocksB: iBlock, bBlocksA: theyBlock } = await store.blockBetween(viewer.id, userId);
      if (theyBlock) throw forbidden('You cannot follow this member');
      if (iBlock) throw forbidden('Unblock this member before following them');
      const already = await store.isFollowing(viewer.id, userId);
      await store.follow(viewer.id, userId, now());
      // The insert re-checks blocks itself; if one appeared meanwhile, nothing was added.
      if (!(await store.isFollowing(viewer.id, userId))) throw forbidden('You cannot follow this member');
      tell([viewer.id], { userId, following: true });
      if (!already)
        await deps.notifier?.notify({ kind: 'follow', to: userId, actorId: viewer.id, target: { type: 'profile', id: userId } });
    },

    async unfollow(viewer: Viewer, userId: string): Promise<void> {
      await target(viewer, userId, 'unfollow');
      await store.unfollow(viewer.id, userId);
      tell([viewer.id], { userId, following: false });
      // Undo: the follower leaves the followed member's follow entries.
      await deps.notifier?.withdraw({ kind: 'follow', to: userId, actorId: viewer.id });
    },

    async block(viewer: Viewer, userId: string): Promise<void> {
      await target(viewer, userId, 'block');
      await store.block(viewer.id, userId, now());
      // A block ends follows both ways.
      tell([viewer.id], { userId, following: false, blocked: true });
      tell([userId], { userId: viewer.id, following: false, blocked: true });
      // Nothing ever comes from a member in a block: each leaves the other's inbox.
      await deps.notifier?.forgetBetween(viewer.id, userId);
    },

    async unblock(viewer: Viewer, userId: string): Promise<void> {
      await target(viewer, userId, 'unblock');
      await store.unblock(viewer.id, userId);
      tell([viewer.id], { userId, blocked: false });
    },

    followers: (viewer: Viewer, userId: string, cursor?: Cursor) => list(viewer, 'followers', userId, cursor),
    following: (viewer: Viewer, userId: string, cursor?: Cursor) => list(viewer, 'following', userId, cursor),

    async blocked(viewer: Viewer) {
      const users = (await store.blocked(viewer.id)).map(presentSummary);
      return { users, count: users.length, nextCursor: null };
    },
  };
}

export type FollowService = ReturnType<typeof createFollowService>;
