import type { AreaPlugin } from '../areaPlugin';
import { reactionRoutes } from './routes';
import { createReactionService } from './service';
import { createReactionStore } from './store';

/** Reactions to posts. */
export const reactionsArea: AreaPlugin = {
  name: 'reactions',
  dependencies: ['posts', 'notifications', 'users'],
  build: ({ database, clock }, built) => {
    const reactions = createReactionService({
      store: createReactionStore(database, built.postsForOthers),
      posts: built.postsForOthers,
      announce: built.announce,
      clock,
      notifier: built.notifications,
    });
    return {
      services: { reactions },
      routes: async (api) => {
        await api.register(reactionRoutes, { reactions, users: built.users });
      },
    };
  },
};
