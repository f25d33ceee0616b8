import { z } from 'zod';
import { dataUrlSchema } from '../posts/schemas';

/**
 * Images members upload outside posts: POST /images/{kind} {image} -> {url} (spec "Images").
 * 'chat': an image sent in a message; never listed in the member's images (GET /images/{userId}).
 */
export const IMAGE_KINDS = ['profile', 'background', 'group-avatar', 'gallery', 'chat'] as const;
export const imageKindSchema = z.enum(IMAGE_KINDS, { error: `Image kind must be one of ${IMAGE_KINDS.join(', ')}` });
export type ImageKind = z.infer<typeof imageKindSchema>;

export const uploadImageBodySchema = z.object({ image: dataUrlSchema('Image') });
export type UploadImageBody = z.input<typeof uploadImageBodySchema>;

export const uploadedImageSchema = z.object({
  _id: z.string(),
  url: z.string(),
  kind: imageKindSchema,
  imgVersion: z.string(),
  imgId: z.string(),
  createdAt: z.string(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
/** The spec's answer is `{url}`; the rest lets the client delete or list it later. */
export const uploadImageResponseSchema = uploadedImageSchema.extend({ message: z.string() });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;
export const userImagesSchema = z.object({ images: z.array(uploadedImageSchema) });
export type UserImages = z.infer<typeof userImagesSchema>;
export const imageRemovedSchema = z.object({ message: z.string(), imageId: z.string() });
export type ImageRemoved = z.infer<typeof imageRemovedSchema>;
