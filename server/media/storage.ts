import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
 * One stored file, named as its URL names it: an image by its id (`/media/image/upload/v{version}/{id}`),
 * a video by `{id}.{ext}` (`/media/video/upload/v{version}/{name}`).
 */
export interface MediaObject {
  kind: 'image' | 'video';
  version: string;
  name: string;
}

/** The content type of each stored extension, and back. */
export const MEDIA_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
} as const satisfies Record<ImageExtension | VideoExtension, string>;
export const extensionOfType = (type: string): ImageExtension | VideoExtension | null =>
  (Object.entries(MEDIA_TYPES).find(([, known]) => known === type.split(';')[0]!.trim())?.[0] as ImageExtension | VideoExtension) ?? null;

/** A URL never changes its bytes, so caches may keep it for a year without asking again. */
export const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
export const MEDIA_CACHE_CONTROL = `public, max-age=${YEAR_MS / 1000}, immutable`;

const VERSION = /^\d{1,12}$/;
const ID = /^[0-9a-f-]{36}$/;
const VIDEO_NAME = new RegExp(`^[0-9a-f-]{36}\\.(${VIDEO_EXTENSIONS.join('|')})$`);

/** Whether a name could be stored media at all (anything else is a plain 404, never a file or key lookup). */
export function isMediaObject(object: MediaObject): boolean {
  return VERSION.test(object.version) && (object.kind === 'image' ? ID.test(object.name) : VIDEO_NAME.test(object.name));
}

/**
 * Where uploaded media live (docs/server.md, "The media store"): the local disk (DATA_DIR/media,
 * the default) or an S3-compatible bucket (server/media/s3Storage.ts). The areas save and remove
 * through the first group of calls; the /media routes answer through `send`; the media:move
 * command copies between two stores with the last group.
 */
export interface MediaStorage {
  readonly kind: 'disk' | 's3';
  /** A post's or gallery's image, re-encoded by us (its bytes are bounded). */
  saveImage(bytes: Buffer, ext: ImageExtension): Promise<StoredMedia>;
  /** An uploaded video's temporary file, taken into the store (streamed, never read whole); the file is gone after. */
  moveVideo(source: string, ext: VideoExtension): Promise<StoredMedia>;
  /** Removes an image whatever its extension (a deleted post's or upload's file); an unknown one is no error. */
  removeImage(version: string | number, id: string): Promise<void>;
  removeVideo(version: string | number, name: string): Promise<void>;
  /** Removes a file saved moments ago whose record could not be written. */
  discardImage(stored: StoredMedia, ext: ImageExtension): Promise<void>;
  /**
   * Answers GET or HEAD of a stored file with its bytes (ranges for video players) and the
   * immutable cache headers, or sends the client to the bucket's public URL: true once the answer
   * is under way; false when there is no such file (the route answers 404). Never the reply
   * itself: a reply is a thenable, and awaiting it would wait for the whole answer to be sent.
   */
  send(request: FastifyRequest, reply: FastifyReply, object: MediaObject): Promise<boolean>;
  /** Every stored file, with its size (the media:move command). */
  list(): AsyncIterable<MediaObject & { size: number }>;
  /** Its size, or null when it is not stored. */
  sizeOf(object: MediaObject): Promise<number | null>;
  /** Its bytes as a stream, or null when it is not stored. */
  read(object: MediaObject): Promise<{ body: Readable; size: number; type: string } | null>;
  /** Stores a stream under the object's name; when it fails midway, nothing is left under that name or beside it. */
  write(object: MediaObject, body: Readable, type: string, size: number): Promise<void>;
  remove(object: MediaObject): Promise<void>;
  /** Lets go of connections (the app's onClose). */
  close(): Promise<void>;
}

/** The upload time in seconds: the URLs' version (the spec's hosting-service shape). */
export const versionAt = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);

export const storedImage = (version: number, id: string): StoredMedia => ({ url: mediaPaths.image(version, id), version, id });
export const storedVideo = (version: number, name: string): StoredMedia => ({ url: mediaPaths.video(version, name), version, id: name });

/**
 * Media files under DATA_DIR/media, laid out as the URLs read: image/v{version}/{id}.{ext} and
 * video/v{version}/{id}.{ext}. Ids never repeat, so a URL always names the same bytes and can be
 * cached forever.
 */
export function createMediaStorage(root: string, clock: Clock): MediaStorage & { root: string } {
  const dirOf = (kind: MediaObject['kind'], version: string | number) => path.join(root, kind, `v${version}`);

  /** Written aside and renamed, so a reader never sees half a file and a failed write leaves nothing. */
  async function writeFile(file: string, body: Buffer | Readable): Promise<void> {
    await fs.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
    try {
      if (Buffer.isBuffer(body)) await fs.writeFile(partial, body, { mode: PRIVATE_FILE_MODE });
      else await pipeline(body, createWriteStream(partial, { mode: PRIVATE_FILE_MODE }));
      await fs.rename(partial, file);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  /** The file of a stored object (an image's extension found by looking), relative to root, or null. */
  async function fileOf(object: MediaObject): Promise<string | null> {
    if (!isMediaObject(object)) return null;
    const names = object.kind === 'image' ? IMAGE_EXTENSIONS.map((ext) => `${object.name}.${ext}`) : [object.name];
    for (const name of names) {
      const relative = path.join(object.kind, `v${object.version}`, name);
      try {
        if ((await fs.stat(path.join(root, relative))).isFile()) return relative;
      } catch {
        // not this extension; try the next
      }
    }
    return null;
  }

  const storage: MediaStorage & { root: string } = {
    kind: 'disk',
    root,

    async saveImage(bytes, ext) {
      const id = newId();
      const version = versionAt(clock);
      await writeFile(path.join(dirOf('image', version), `${id}.${ext}`), bytes);
      return storedImage(version, id);
    },

    /**
     * Renamed into place (the upload directory is under the same DATA_DIR); copied when it is not
     * on the same file system.
     */
    async moveVideo(source, ext) {
      const name = `${newId()}.${ext}`;
      const version = versionAt(clock);
      const file = path.join(dirOf('video', version), name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      try {
        await fs.rename(source, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
        await fs.copyFile(source, partial);
        await fs.rename(partial, file);
      }
      return storedVideo(version, name);
    },

    async removeImage(version, id) {
      if (!isMediaObject({ kind: 'image', version: String(version), name: id })) return;
      await Promise.all(IMAGE_EXTENSIONS.map((ext) => fs.rm(path.join(dirOf('image', version), `${id}.${ext}`), { force: true })));
    },

    async removeVideo(version, name) {
      if (!isMediaObject({ kind: 'video', version: String(version), name })) return;
      await fs.rm(path.join(dirOf('video', version), name), { force: true });
    },

    async discardImage(stored, ext) {
      await fs.rm(path.join(dirOf('image', stored.version), `${stored.id}.${ext}`), { force: true });
    },

    // Videos answer Range requests (players seek), which sendFile does.
    async send(_request, reply, object) {
      const file = await fileOf(object);
      if (!file) return false;
      void reply.sendFile(file, root, { maxAge: YEAR_MS, immutable: true, cacheControl: true });
      return true;
    },

    async *list() {
      for (const kind of ['image', 'video'] as const) {
        const versions = await fs.readdir(path.join(root, kind)).catch(() => [] as string[]);
        for (const dir of versions) {
          const version = /^v(\d{1,12})$/.exec(dir)?.[1];
          if (!version) continue;
          for (const entry of await fs.readdir(path.join(root, kind, dir), { withFileTypes: true }).catch(() => [])) {
            if (!entry.isFile()) continue;
            const dot = entry.name.indexOf('.');
            const ext = entry.name.slice(dot + 1);
            // Half-written files (`.part`) and anything else that is not a stored name are not media.
            const known = kind === 'image' ? (IMAGE_EXTENSIONS as readonly string[]).includes(ext) : VIDEO_NAME.test(entry.name);
            const object: MediaObject = { kind, version, name: kind === 'image' ? entry.name.slice(0, dot) : entry.name };
            if (dot < 0 || !known || !isMediaObject(object)) continue;
            const size = (await fs.stat(path.join(root, kind, dir, entry.name)).catch(() => null))?.size;
            if (size !== undefined) yield { ...object, size };
          }
        }
      }
    },

    async sizeOf(object) {
      const file = await fileOf(object);
      return file ? ((await fs.stat(path.join(root, file)).catch(() => null))?.size ?? null) : null;
    },

    async read(object) {
      const file = await fileOf(object);
      if (!file) return null;
      const ext = path.extname(file).slice(1) as keyof typeof MEDIA_TYPES;
      const size = (await fs.stat(path.join(root, file))).size;
      return { body: createReadStream(path.join(root, file)), size, type: MEDIA_TYPES[ext] ?? 'application/octet-stream' };
    },

    async write(object, body, type) {
      const ext = extensionOfType(type);
      if (!isMediaObject(object) || !ext) throw new Error(`not a media file: ${object.kind}/v${object.version}/${object.name} (${type})`);
      const name = object.kind === 'image' ? `${object.name}.${ext}` : object.name;
      await writeFile(path.join(dirOf(object.kind, object.version), name), body);
    },

    async remove(object) {
      if (object.kind === 'image') await storage.removeImage(object.version, object.name);
      else await storage.removeVideo(object.version, object.name);
    },

    async close() {},
  };
  return storage;
}
