import { HttpError, badRequest } from '../http/httpError';
import { headOf } from './files';
import { imageWork, sharp } from './imageWork';
import type { ImageExtension } from './storage';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Refuses decompression bombs: a small file that claims to be enormous. */
const MAX_INPUT_PIXELS = 4096 * 4096;
export const AVATAR_SIZE = 200;

/** The bytes of a base64 data URL of the given type; the schema has already checked its shape. */
export function decodeDataUrl(dataUrl: string, mimeType: string): Buffer {
  const prefix = `data:${mimeType};base64,`;
  if (!dataUrl.startsWith(prefix)) throw badRequest(`Image must be a ${mimeType} data URL`);
  return Buffer.from(dataUrl.slice(prefix.length), 'base64');
}

/** The type is decided by content, never by what the client says it is. */
export const isPng = (bytes: Buffer): boolean => bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, 8).equals(PNG_SIGNATURE);

/**
 * The avatar the client drew, checked and redrawn by us: a real PNG, 200x200, no metadata.
 * Re-encoding means whatever else was hidden in the file does not reach other members.
 */
export async function normalizeAvatar(bytes: Buffer, owner = ''): Promise<Buffer> {
  if (!isPng(bytes)) throw badRequest('Avatar image must be a PNG image');
  try {
    return await imageWork(
      () =>
        sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
          .png()
          .toBuffer(),
      owner,
    );
  } catch {
    throw badRequest('Avatar image could not be read');
  }
}

/** Posts' images: the longest side is bounded, larger ones are scaled down (so at most 4.2 MP are stored, under Mastodon's 8.3 MP). */
export const MAX_IMAGE_SIDE = 2048;
/**
 * The most pixels an upload may decode to (Mastodon's limit, 7680 x 4320), all frames of an
 * animation together: a small file that claims more is refused before it is decoded.
 */
export const MAX_UPLOAD_PIXELS = 33_177_600;
export const TOO_MANY_PIXELS = `Image is too large: at most ${Math.floor(MAX_UPLOAD_PIXELS / 100_000) / 10} megapixels`;
export const NOT_AN_IMAGE = 'Image must be a JPEG, PNG, GIF or WebP image';

/** Any base64 data URL's bytes; its declared type is ignored (the bytes decide). */
export function decodeAnyDataUrl(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(';base64,');
  if (!dataUrl.startsWith('data:') || comma < 0) throw badRequest('Upload must be a base64 data URL');
  return Buffer.from(dataUrl.slice(comma + ';base64,'.length), 'base64');
}

/** "10 MB", "500 KB": a limit as a member reads it. */
export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** 413 with a message a member understands. */
export function checkSize(bytes: Buffer, limit: number, what: 'Image' | 'Video'): Buffer {
  if (bytes.length > limit) throw new HttpError(413, `${what} is too large: the limit is ${sizeText(limit)}`);
  return bytes;
}

/** What the first bytes say the file is; the name or declared type of an upload never counts. */
export function sniffImage(bytes: Buffer): ImageExtension | null {
  if (isPng(bytes)) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * A post's or gallery's image, re-encoded by us in its own format: EXIF (GPS included) and other
 * metadata dropped, the camera's orientation applied first, the longest side at most
 * MAX_IMAGE_SIDE. GIF and WebP keep their animation. Read from its file (sharp streams it from
 * disk) or from bytes; `owner` is the member whose upload it is (the image queue takes turns).
 */
export async function normalizeImage(input: Buffer | string, owner = ''): Promise<{ bytes: Buffer; ext: ImageExtension }> {
  const ext = sniffImage(typeof input === 'string' ? await headOf(input) : input);
  if (!ext) throw badRequest(NOT_AN_IMAGE);
  const bytes = input;
  const animated = ext === 'gif' || ext === 'webp';
  try {
    return await imageWork(async () => {
      let image = sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error', animated, sequentialRead: true });
      if (!animated) image = image.rotate();
      image = image.resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true });
      const encoded =
        ext === 'jpg'
          ? image.jpeg({ quality: 85, mozjpeg: true })
          : ext === 'png'
            ? image.png()
            : ext === 'webp'
              ? image.webp({ quality: 85 })
              : image.gif();
      return { bytes: await encoded.toBuffer(), ext };
    }, owner);
  } catch (error) {
    throw tooManyPixels(error) ? new HttpError(413, TOO_MANY_PIXELS) : badRequest('Image could not be read');
  }
}

/** sharp's refusal of an image over `limitInputPixels` (read from its header, before decoding). */
export const tooManyPixels = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);
