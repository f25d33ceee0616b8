import sharp from 'sharp';
import { badRequest } from '../http/httpError';

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
export async function normalizeAvatar(bytes: Buffer): Promise<Buffer> {
  if (!isPng(bytes)) throw badRequest('Avatar image must be a PNG image');
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .png()
      .toBuffer();
  } catch {
    throw badRequest('Avatar image could not be read');
  }
}
