import type { AreaPlugin } from '../areaPlugin';
import { followRoutes } from './routes';
import { createFollowService } from './service';
import { createFollowStore } from './store';

/** Follows and blocks. */
export const followsArea: AreaPlugin = {
  name: 'follows',
  dependencies: ['notifications'],
  build: ({ database, clock, fanout }, built) => {
    const followStore = createFollowStore(database);
    const follows = createFollowService({ store: followStore, clock, fanout, notifier: built.notifications });
    return {
      services: { followStore, follows },
      routes: async (api) => {
        await api.register(followRoutes, { follows });
      },
    };
  },
};
