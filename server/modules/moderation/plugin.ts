import type { AreaPlugin } from '../areaPlugin';
import { createModerationLimits } from './limits';
import { moderationAdminRoutes, moderationMemberRoutes } from './routes';
import { createModerationService } from './service';

/** Reports, bans, appeals, hidden posts, the audit log and the admin statistics. */
export const moderationArea: AreaPlugin = {
  name: 'moderation',
  dependencies: ['posts', 'notifications'],
  build: ({ app, config, database, clock, sessionEvents, checkpointEvents }, built) => {
    const moderation = createModerationService({
      database,
      clock,
      posts: built.posts,
      postsForOthers: built.postsForOthers,
      notifications: built.notifications,
      sessionEvents,
      checkpointEvents,
    });
    // Reports (posts and profiles together) and appeals, per member: one count shared by both report routes.
    const moderationLimits = createModerationLimits(app, config.rateLimits);
    return {
      services: { moderation, moderationLimits },
      routes: async (api) => {
        await api.register(moderationMemberRoutes, { moderation, limits: moderationLimits });
        await api.register(moderationAdminRoutes, { moderation, limits: moderationLimits });
      },
    };
  },
};
