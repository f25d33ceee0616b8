import type { FastifyBaseLogger } from 'fastify';
import type { ReactionType } from '../../../src/api/constants';
import type { UserSummary } from '../../../src/api/follows';
import { serverEvents, type NotificationPayload } from '../../../src/api/socket';
import type { DatabaseHandle } from '../../db/database';
import type { Fanout } from '../../realtime/fanout';
import { presentSummary } from '../follows/store';
import type { NotificationSettings } from './notificationSettings';

/**
 * Follows, reactions and comments notify the member they concern (spec section 3, notification
 * settings 'follows', 'reactions', 'comments'), as a `notification` to that member's sockets while
 * the setting is on. Never about one's own doing. Raised after the action is stored and announced;
 * a failure here is logged and never fails the action.
 */
type ActivityType = Exclude<NotificationPayload['type'], 'messages' | 'report'>;

export function createActivityNotifier(deps: { database: DatabaseHandle; settings: Pick<NotificationSettings, 'mutedAmong'>; fanout: Fanout; log: FastifyBaseLogger }) {
  const { db } = deps.database;

  const summaryOf = async (userId: string): Promise<UserSummary | undefined> => {
    const row = await db
      .selectFrom('users')
      .select(['id', 'username', 'avatar_color', 'avatar_image', 'profile_picture'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row && presentSummary(row);
  };

  async function notify(type: ActivityType, to: string, actorId: string, payload: (from: UserSummary) => NotificationPayload): Promise<void> {
    if (to === actorId) return;
    try {
      if ((await deps.settings.mutedAmong(type, [to])).has(to)) return;
      const from = await summaryOf(actorId);
      if (from) deps.fanout.toUsers([to], serverEvents.notification, payload(from));
    } catch (error) {
      deps.log.warn({ err: error }, 'raising a notification failed');
    }
  }

  return {
    /** `followerId` started following `followeeId`. */
    followed: (followerId: string, followeeId: string) => notify('follows', followeeId, followerId, (from) => ({ type: 'follows', from })),
    /** `actorId` reacted to `authorId`'s post (a first reaction, not a change of mind). */
    reacted: (actorId: string, authorId: string, postId: string, reaction: ReactionType) =>
      notify('reactions', authorId, actorId, (from) => ({ type: 'reactions', from, postId, reaction })),
    /** `actorId` commented on `authorId`'s post. */
    commented: (actorId: string, authorId: string, postId: string) =>
      notify('comments', authorId, actorId, (from) => ({ type: 'comments', from, postId })),
  };
}

export type ActivityNotifier = ReturnType<typeof createActivityNotifier>;
