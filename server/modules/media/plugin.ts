import type { AreaPlugin } from '../areaPlugin';
import { imageRoutes } from './routes';
import { createImageStore } from './store';

/** Members' pictures (the photos pages). */
export const mediaArea: AreaPlugin = {
  name: 'media',
  dependencies: ['follows'],
  build: ({ config, clock, database, media }, built) => {
    const images = createImageStore(database);
    return {
      services: { images },
      routes: async (api, { uploads }) => {
        await api.register(imageRoutes, { config, clock, images, media, follows: built.follows, uploads });
      },
    };
  },
};
