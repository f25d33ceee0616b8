import type { AreaPlugin } from '../areaPlugin';
import { groupRoutes } from './routes';
import { createGroupService } from './service';
import { createGroupStore } from './store';

/** Groups (the /group/... family) and group posts. */
export const groupsArea: AreaPlugin = {
  name: 'groups',
  dependencies: ['posts', 'notifications'],
  build: ({ config, database, clock, media, fanout }, built) => {
    const groups = createGroupService({
      store: createGroupStore(database),
      posts: built.posts,
      postsForOthers: built.postsForOthers,
      fanout,
      media,
      clock,
      notifier: built.notifications,
    });
    return {
      services: { groups },
      routes: async (api, { uploads }) => {
        await api.register(groupRoutes, { groups, config, uploads });
      },
    };
  },
};
