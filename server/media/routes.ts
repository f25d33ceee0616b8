import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../http/httpError';
import type { MediaStorage } from './storage';
import { mediaPaths } from '../../src/api/paths';

const VERSION = /^v(\d{1,12})$/;

/**
 * Serves stored media at the spec's URL shape, from whichever store holds them (storage.ts): a URL
 * never changes its bytes, so caches may keep it for a year without asking again. Bad or unknown
 * names are a plain 404.
 */
export async function mediaRoutes(app: FastifyInstance, opts: { storage: MediaStorage }): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(mediaPaths.image.route, { schema: { params: z.object({ version: z.string(), id: z.string() }) } }, async (request, reply) => {
      const version = VERSION.exec(request.params.version)?.[1];
      const sent = version ? await opts.storage.send(request, reply, { kind: 'image', version, name: request.params.id }) : false;
      if (!sent) throw notFound('Image not found');
      return reply;
    });

  // Videos answer Range requests (players seek).
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(mediaPaths.video.route, { schema: { params: z.object({ version: z.string(), name: z.string() }) } }, async (request, reply) => {
      const version = VERSION.exec(request.params.version)?.[1];
      const sent = version ? await opts.storage.send(request, reply, { kind: 'video', version, name: request.params.name }) : false;
      if (!sent) throw notFound('Video not found');
      return reply;
    });
}
