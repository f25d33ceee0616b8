import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock';
import { pageNumberSchema, pageQuerySchema } from '../../../src/api/pages';
import { paths } from '../../../src/api/paths';
import { favPostBodySchema, favPostToggleSchema, postsPageSchema } from '../../../src/api/posts';
import { postsPage } from '../posts/routes';
import { pageRequest } from '../../core/paging';
import type { PostService } from '../posts/service';
import { viewerOf } from '../../core/visibility';
import type { SavedStore } from './store';

/** POST /favpost toggles a saved post; GET /favpost/{page} lists them (only those still visible). */
export const savedRoutes: FastifyPluginAsyncZod<{ saved: SavedStore; posts: PostService; clock: Clock }> = async (app, opts) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    paths.saved.toggle,
    {
      schema: { body: favPostBodySchema, response: { 200: favPostToggleSchema } },
      bodyLimit: 16 * 1024,
    },
    async (request) => {
      const viewer = viewerOf(request);
      await opts.posts.visible(viewer, request.body.postId);
      const saved = await opts.saved.toggle(viewer.id, request.body.postId, opts.clock.now().toISOString());
      return { message: saved ? 'Post saved' : 'Post removed from saved', postId: request.body.postId, saved };
    },
  );

  app.get(
    paths.saved.page.route,
    {
      schema: { params: z.object({ page: pageNumberSchema }), querystring: pageQuerySchema, response: { 200: postsPageSchema } },
    },
    async (request) => postsPage(await opts.posts.saved(viewerOf(request), pageRequest(request.params.page, request.query))),
  );
};
