import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { mediaPaths } from '../../src/api/paths';
import { newId } from '../db/ids';
import type { Clock } from '../clock';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles';
import { VIDEO_EXTENSIONS, type VideoExtension } from './videos';

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
  async function write(kind: 'image' | 'video', name: string, bytes: Buffer): Promise<number> {
    const version = Math.floor(clock.now().getTime() / 1000);
    const dir = path.join(root, kind, `v${version}`);
    await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const file = path.join(dir, name);
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
    await fs.writeFile(partial, bytes, { mode: PRIVATE_FILE_MODE });
    await fs.rename(partial, file);
    return version;
  }

  return {
    root,

    async saveImage(bytes: Buffer, ext: ImageExtension): Promise<StoredMedia> {
      const id = newId();
      const version = await write('image', `${id}.${ext}`, bytes);
      return { url: mediaPaths.image(version, id), version, id };
    },

    /** Stored as video/v{version}/{id}.{ext}; the URL's name is `{id}.{ext}`. */
    async saveVideo(bytes: Buffer, ext: VideoExtension): Promise<StoredMedia> {
      const name = `${newId()}.${ext}`;
      const version = await write('video', name, bytes);
      return { url: mediaPaths.video(version, name), version, id: name };
    },

    /**
     * An uploaded video's temporary file moved into place (renamed: the upload directory is under
     * the same DATA_DIR; copied when it is not on the same file system).
     */
    async moveVideo(source: string, ext: VideoExtension): Promise<StoredMedia> {
      const name = `${newId()}.${ext}`;
      const version = Math.floor(clock.now().getTime() / 1000);
      const dir = path.join(root, 'video', `v${version}`);
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, name);
      try {
        await fs.rename(source, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
        await fs.copyFile(source, partial);
        await fs.rename(partial, file);
      }
      return { url: mediaPaths.video(version, name), version, id: name };
    },

    /** Removes an image whatever its extension (a deleted post's or upload's file). */
    async removeImage(version: string | number, id: string): Promise<void> {
      if (!/^\d+$/.test(String(version)) || !/^[0-9a-f-]{36}$/.test(id)) return;
      await Promise.all(IMAGE_EXTENSIONS.map((ext) => fs.rm(path.join(root, 'image', `v${version}`, `${id}.${ext}`), { force: true })));
    },

    async removeVideo(version: string | number, name: string): Promise<void> {
      if (!/^\d+$/.test(String(version)) || !/^[0-9a-f-]{36}\.(mp4|webm)$/.test(name)) return;
      await fs.rm(path.join(root, 'video', `v${version}`, name), { force: true });
    },

    /** The file behind /media/video/upload/v{version}/{name}, relative to root, or null. */
    async findVideo(version: string, name: string): Promise<string | null> {
      const match = /^([0-9a-f-]{36})\.([a-z0-9]+)$/.exec(name);
      if (!match || !(VIDEO_EXTENSIONS as readonly string[]).includes(match[2])) return null;
      const relative = path.join('video', `v${version}`, name);
      try {
        return (await fs.stat(path.join(root, relative))).isFile() ? relative : null;
      } catch {
        return null;
      }
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
