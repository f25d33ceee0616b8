import type { $Fetch } from 'ofetch';
import { mediaApiPaths as paths } from './paths';
import type { ImageKind, ImageRemoved, UploadImageResponse, UserImages } from './schemas';
import { uploadForm } from './uploads';

/** The images part of the typed client: a member's uploaded images. */
export function createMediaApi(http: $Fetch) {
  return {
    images: {
      ofUser: (userId: string) => http<UserImages>(paths.images.ofUser(userId)),
      upload: (kind: ImageKind, image: string | Blob) =>
        http<UploadImageResponse>(paths.images.upload(kind), { method: 'POST', body: uploadForm({ image }, ['image']) }),
      remove: (imageId: string) => http<ImageRemoved>(paths.images.remove(imageId), { method: 'DELETE' }),
    },
  };
}

export type MediaApi = ReturnType<typeof createMediaApi>;
