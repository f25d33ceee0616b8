import type { AreaPlugin } from '../areaPlugin';
import { savedRoutes } from './routes';
import { createSavedStore } from './store';

/** Saved posts. */
export const savedArea: AreaPlugin = {
  name: 'saved',
  dependencies: ['posts'],
  build: ({ database, clock }, built) => {
    const saved = createSavedStore(database);
    return {
      services: { saved },
      routes: async (api) => {
        await api.register(savedRoutes, { saved, posts: built.posts, clock });
      },
    };
  },
};
