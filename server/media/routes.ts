import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../http/httpError';
import type { MediaStorage } from './storage';
import { mediaPaths } from '../../src/api/paths';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

const imageParams = z.object({ version: z.string(), id: z.string() });
const VERSION = /^v(\d{1,12})$/;
const ID = /^[0-9a-f-]{36}$/;

/**
 * Serves stored media at the spec's URL shape. A URL never changes its bytes, so caches may keep
 * it for a year without asking again. Bad or unknown names are a plain 404.
 */
export async function mediaRoutes(app: FastifyInstance, opts: { storage: MediaStorage }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(mediaPaths.image.route, { schema: { params: imageParams } }, async (request, reply) => {
    const version = VERSION.exec(request.params.version)?.[1];
    const file = version && ID.test(request.params.id) ? await opts.storage.findImage(version, request.params.id) : null;
    if (!file) throw notFound('Image not found');
    return reply.sendFile(file, opts.storage.root, { maxAge: YEAR_MS, immutable: true, cacheControl: true });
  });

  // Videos answer Range requests (players seek), which sendFile does.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(mediaPaths.video.route, { schema: { params: z.object({ version: z.string(), name: z.string() }) } }, async (request, reply) => {
      const version = VERSION.exec(request.params.version)?.[1];
      const file = version ? await opts.storage.findVideo(version, request.params.name) : null;
      if (!file) throw notFound('Video not found');
      return reply.sendFile(file, opts.storage.root, { maxAge: YEAR_MS, immutable: true, cacheControl: true });
    });
}
