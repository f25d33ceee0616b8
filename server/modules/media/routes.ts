import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  imageKindSchema,
  imageRemovedSchema,
  uploadImageBodySchema,
  uploadImageResponseSchema,
  userImagesSchema,
  type ImageKind,
  type UploadedImage,
} from '../../../src/api/media';
import { mediaPaths, paths } from '../../../src/api/paths';
import { idSchema } from '../../../src/api/posts';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { ImagesTable } from '../../db/schema';
import { forbidden, notFound } from '../../http/httpError';
import { normalizeImage } from '../../media/images';
import type { MediaStorage } from '../../media/storage';
import type { FollowService } from '../follows/service';
import { required } from '../../http/requiredFile';
import { viewerOf } from '../../core/visibility';
import type { ImageStore } from './store';
import type { UploadLimit } from '../../http/uploadLimit';

const present = (row: ImagesTable): UploadedImage => ({
  _id: row.id,
  url: mediaPaths.image(row.version, row.id),
  kind: row.kind as ImageKind,
  imgVersion: row.version,
  imgId: row.id,
  createdAt: row.created_at,
});

export interface ImageRoutesOptions {
  config: Pick<Config, 'limits'>;
  clock: Clock;
  images: ImageStore;
  media: MediaStorage;
  follows: Pick<FollowService, 'visibleMember'>;
  uploads: UploadLimit;
}

/** The spec's "Images": POST /images/{kind} {image} -> {url}, GET /images/{userId}, DELETE own. */
export const imageRoutes: FastifyPluginAsyncZod<ImageRoutesOptions> = async (app, opts) => {
  const imageField = { maxBytes: opts.config.limits.imageBytes, what: 'Image' } as const;
  app.addHook('onRequest', app.authenticate);

  app.post(
    paths.images.upload.route,
    {
      schema: {
        params: z.object({ kind: imageKindSchema }),
        body: uploadImageBodySchema.partial({ image: true }),
        response: { 201: uploadImageResponseSchema },
      },
      ...opts.uploads.route({ image: imageField }),
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const file = await required(opts.uploads.file(request, reply, 'image', imageField), 'Image is required');
      const image = await normalizeImage(file.path, file.owner);
      const stored = await opts.media.saveImage(image.bytes, image.ext);
      const row: ImagesTable = {
        id: stored.id,
        user_id: viewer.id,
        kind: request.params.kind,
        version: String(stored.version),
        ext: image.ext,
        created_at: opts.clock.now().toISOString(),
      };
      try {
        await opts.images.insert(row);
      } catch (error) {
        await opts.media.removeImage(stored.version, stored.id);
        throw error;
      }
      return reply.code(201).send({ message: 'Image uploaded successfully', ...present(row) });
    },
  );

  app.get(
    paths.images.ofUser.route,
    {
      schema: { params: z.object({ userId: idSchema('User') }), response: { 200: userImagesSchema } },
    },
    async (request) => {
      if (!(await opts.follows.visibleMember(viewerOf(request), request.params.userId))) throw notFound('User not found');
      return { images: (await opts.images.ofUser(request.params.userId)).map(present) };
    },
  );

  app.delete(
    paths.images.remove.route,
    {
      schema: { params: z.object({ imageId: idSchema('Image') }), response: { 200: imageRemovedSchema } },
    },
    async (request) => {
      const row = await opts.images.find(request.params.imageId);
      if (!row) throw notFound('Image not found');
      if (row.user_id !== viewerOf(request).id) throw forbidden('You can only delete your own images');
      await opts.images.remove(row.id);
      await opts.media.removeImage(row.version, row.id);
      return { message: 'Image deleted successfully', imageId: row.id };
    },
  );
};
