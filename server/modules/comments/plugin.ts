import type { AreaPlugin } from '../areaPlugin';
import { commentRoutes } from './routes';
import { createCommentService } from './service';
import { createCommentStore } from './store';

/** Comments on posts. */
export const commentsArea: AreaPlugin = {
  name: 'comments',
  dependencies: ['posts', 'notifications', 'sends'],
  build: ({ database, clock }, built) => {
    const comments = createCommentService({
      store: createCommentStore(database, built.postsForOthers),
      posts: built.postsForOthers,
      announce: built.announce,
      clock,
      notifier: built.notifications,
      sends: built.sends,
    });
    return {
      services: { comments },
      routes: async (api) => {
        await api.register(commentRoutes, { comments });
      },
    };
  },
};
