import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { mediaPaths } from '../../src/api/paths';
import { newId } from '../db/ids';
import type { Clock } from '../clock';

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'webp', 'gif'] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

export interface StoredMedia {
  url: string;
  version: number;
  id: string;
}

/**
 * Media files under DATA_DIR/media, laid out as the URLs read: image/v{version}/{id}.{ext}.
 * The version is the upload time in seconds (the spec's hosting-service shape); ids never repeat,
 * so a URL always names the same bytes and can be cached forever.
 */
export function createMediaStorage(root: string, clock: Clock) {
  return {
    root,

    async saveImage(bytes: Buffer, ext: ImageExtension): Promise<StoredMedia> {
      const version = Math.floor(clock.now().getTime() / 1000);
      const id = newId();
      const dir = path.join(root, 'image', `v${version}`);
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${id}.${ext}`);
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
      await fs.writeFile(partial, bytes);
      await fs.rename(partial, file);
      return { url: mediaPaths.image(version, id), version, id };
    },

    /** Removes a file saved moments ago whose record could not be written. */
    async discardImage(stored: StoredMedia, ext: ImageExtension): Promise<void> {
      await fs.rm(path.join(root, 'image', `v${stored.version}`, `${stored.id}.${ext}`), { force: true });
    },

    /** The file behind /media/image/upload/v{version}/{id}, relative to root, or null. */
    async findImage(version: string, id: string): Promise<string | null> {
      for (const ext of IMAGE_EXTENSIONS) {
        const relative = path.join('image', `v${version}`, `${id}.${ext}`);
        try {
          const stat = await fs.stat(path.join(root, relative));
          if (stat.isFile()) return relative;
        } catch {
          // not this extension; try the next
        }
      }
      return null;
    },
  };
}

export type MediaStorage = ReturnType<typeof createMediaStorage>;
