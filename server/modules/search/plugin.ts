import type { AreaPlugin } from '../areaPlugin';
import { searchRoutes } from './routes';
import { createSearchService } from './service';
import { createSearchStore } from './store';

/** Search: posts, questions, members and groups by words, posts by image. */
export const searchArea: AreaPlugin = {
  name: 'search',
  dependencies: ['posts', 'groups'],
  build: ({ config, database }, built) => {
    const search = createSearchService({ config, store: createSearchStore(database), posts: built.postsForOthers, groups: built.groups });
    return {
      services: { search },
      routes: async (api, { uploads }) => {
        await api.register(searchRoutes, { config, search, uploads });
      },
    };
  },
};
