import { badRequest } from '../http/httpError';

export const VIDEO_EXTENSIONS = ['mp4', 'webm'] as const;
export type VideoExtension = (typeof VIDEO_EXTENSIONS)[number];
export const NOT_A_VIDEO = 'Video must be an MP4 or WebM video';

const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/**
 * MP4 (an ISO base media file: a `ftyp` box first) or WebM (an EBML header whose doc type is
 * webm), decided by the bytes. Videos are stored as sent; see docs/server.md on metadata.
 */
export function sniffVideo(bytes: Buffer): VideoExtension | null {
  if (bytes.length >= 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  if (bytes.length >= 16 && bytes.subarray(0, 4).equals(EBML) && bytes.subarray(0, 64).includes('webm', 0, 'latin1')) return 'webm';
  return null;
}

export function checkVideo(bytes: Buffer): VideoExtension {
  const ext = sniffVideo(bytes);
  if (!ext) throw badRequest(NOT_A_VIDEO);
  return ext;
}
