import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '../../../src/api/paths';
import {
  imageSearchBodySchema,
  imageSearchResultsSchema,
  searchAllParamsSchema,
  searchKindPageSchema,
  searchKindParamsSchema,
  searchOverviewSchema,
  searchPageQuerySchema,
  searchSuggestionsSchema,
} from '../../../src/api/search';
import type { Config } from '../../config';
import { required } from '../../http/requiredFile';
import { viewerOf } from '../../core/visibility';
import type { SearchService } from './service';
import type { UploadLimit } from '../../http/uploadLimit';

/** GET /search/{query}, GET /search/{kind}/{query}?cursor=, GET /search/suggest/{query}, POST /search/image (spec section 7; docs/api.md, Search). */
export const searchRoutes: FastifyPluginAsyncZod<{ config: Pick<Config, 'limits'>; search: SearchService; uploads: UploadLimit }> = async (
  app,
  opts,
) => {
  const { search } = opts;
  const imageField = { maxBytes: opts.config.limits.imageBytes, what: 'Image' } as const;
  // Authenticated before a body is read: a stranger's picture is refused at once.
  app.addHook('onRequest', app.authenticate);

  app.post(
    paths.search.image,
    {
      schema: { body: imageSearchBodySchema.partial({ image: true }), response: { 200: imageSearchResultsSchema } },
      ...opts.uploads.route({ image: imageField }),
    },
    async (request, reply) =>
      search.image(viewerOf(request), await required(opts.uploads.file(request, reply, 'image', imageField), 'Image is required')),
  );

  app.get(
    paths.search.all.route,
    {
      schema: { params: searchAllParamsSchema, response: { 200: searchOverviewSchema } },
    },
    async (request) => search.overview(viewerOf(request), request.params.query),
  );

  app.get(
    paths.search.suggest.route,
    {
      schema: { params: searchAllParamsSchema, response: { 200: searchSuggestionsSchema } },
    },
    async (request) => search.suggest(viewerOf(request), request.params.query),
  );

  app.get(
    paths.search.kind.route,
    {
      schema: { params: searchKindParamsSchema, querystring: searchPageQuerySchema, response: { 200: searchKindPageSchema } },
    },
    async (request) => search.page(viewerOf(request), request.params.kind, request.params.query, request.query.cursor),
  );
};
