import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths, routes } from '../../../src/api/paths';
import {
  imageSearchBodySchema, imageSearchResultsSchema, searchAllParamsSchema, searchKindPageSchema, searchKindParamsSchema,
  searchOverviewSchema, searchPageQuerySchema,
} from '../../../src/api/search';
import type { Config } from '../../config';
import { sizeText } from '../../media/images';
import { uploadBodyLimit } from '../posts/routes';
import { viewerOf } from '../posts/visibility';
import type { SearchService } from './service';
import type { UploadLimit } from '../../http/uploadLimit';

/** GET /search/{query}, GET /search/{kind}/{query}?cursor=, POST /search/image (spec section 7; docs/api.md, Search). */
export const searchRoutes: FastifyPluginAsyncZod<{ config: Pick<Config, 'limits'>; search: SearchService; uploads: UploadLimit }> = async (app, opts) => {
  const { search } = opts;
  const limit = opts.config.limits.imageBytes;
  // Authenticated before a body is read: a stranger's picture is refused at once.
  app.addHook('onRequest', app.authenticate);

  app.post(paths.search.image, {
    schema: { body: imageSearchBodySchema, response: { 200: imageSearchResultsSchema } },
    bodyLimit: uploadBodyLimit(limit),
    onRequest: opts.uploads.onRequest,
    config: { bodyTooLargeMessage: `Image is too large: the limit is ${sizeText(limit)}` },
  }, async (request) => search.image(viewerOf(request), request.body.image));

  app.get(routes.search.all, {
    schema: { params: searchAllParamsSchema, response: { 200: searchOverviewSchema } },
  }, async (request) => search.overview(viewerOf(request), request.params.query));

  app.get(routes.search.kind, {
    schema: { params: searchKindParamsSchema, querystring: searchPageQuerySchema, response: { 200: searchKindPageSchema } },
  }, async (request) => search.page(viewerOf(request), request.params.kind, request.params.query, request.query.cursor));
};
