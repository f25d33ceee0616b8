import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { MediaStoreConfig } from '../config';
import { newId } from '../db/ids';
import { HttpError } from '../http/httpError';
import { lazyModule } from '../lazyModule';
import {
  IMAGE_EXTENSIONS,
  MEDIA_CACHE_CONTROL,
  MEDIA_TYPES,
  isMediaObject,
  storedImage,
  storedVideo,
  versionAt,
  type MediaObject,
  type MediaStorage,
} from './storage';

type S3Settings = Extract<MediaStoreConfig, { kind: 's3' }>;

// The SDK is loaded when a bucket is configured, not by every server (lazyModule.ts).
const loadS3 = lazyModule<typeof import('@aws-sdk/client-s3')>('@aws-sdk/client-s3');
const loadUpload = lazyModule<typeof import('@aws-sdk/lib-storage')>('@aws-sdk/lib-storage');

/**
 * Large bodies go up in parts of this size, at most PARTS_AT_ONCE at a time: what one upload holds
 * in memory (lib-storage buffers each part). 8 MiB parts reach 80 GB in S3's 10,000 parts.
 */
export const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/** The key of a stored file: its URL's kind, version and name (an image's key has no extension; its type says what it is). */
export const keyOf = (object: MediaObject) => `${object.kind}/v${object.version}/${object.name}`;
const KEY = /^(image|video)\/v(\d{1,12})\/([^/]+)$/;

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
};

/** A plain `bytes=a-b` range; anything else (several ranges) is answered whole, as the disk store does. */
const SINGLE_RANGE = /^bytes=(\d+-\d*|-\d+)$/;

/**
 * Media in an S3-compatible bucket (AWS SDK v3), keyed as the URLs read: image/v{version}/{id} and
 * video/v{version}/{id}.{ext}, each object with its content type and the one-year immutable cache
 * header, so a bucket served publicly answers exactly as the server would.
 */
export function createS3Storage(settings: S3Settings, clock: Clock): MediaStorage {
  // The lockfile pins this SDK, which runs on the Node the project uses (20); its notice that
  // later releases will not is not for the operator's log. An operator's own setting wins.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const s3 = loadS3();
  const Bucket = settings.bucket;
  const client: S3Client = new s3.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Checksums only where S3 requires them: many S3-compatible servers do not understand the
    // SDK's default trailing checksums (aws-chunked bodies), and responses are checked by length.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  async function put(object: MediaObject, body: Buffer | Readable, type: string, size: number): Promise<void> {
    const params = { Bucket, Key: keyOf(object), ContentType: type, CacheControl: MEDIA_CACHE_CONTROL };
    if (Buffer.isBuffer(body)) {
      // One request: the object exists whole or not at all.
      await client.send(new s3.PutObjectCommand({ ...params, Body: body, ContentLength: body.length }));
      return;
    }
    // Streamed in parts; on any failure lib-storage aborts the multipart upload, so no part stays
    // behind (leavePartsOnError is false) and the key was never written.
    const { Upload } = loadUpload();
    await new Upload({
      client,
      params: { ...params, Body: body, ContentLength: size },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: false,
    }).done();
  }

  async function head(object: MediaObject) {
    if (!isMediaObject(object)) return null;
    try {
      return await client.send(new s3.HeadObjectCommand({ Bucket, Key: keyOf(object) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function removeKey(object: MediaObject): Promise<void> {
    if (!isMediaObject(object)) return;
    // Deleting a key that is not there succeeds: no need to ask first.
    await client.send(new s3.DeleteObjectCommand({ Bucket, Key: keyOf(object) }));
  }

  /** The headers of a stored file as the disk store sends them. */
  function mediaHeaders(
    reply: FastifyReply,
    answer: { ContentType?: string; ContentLength?: number; ETag?: string; LastModified?: Date; ContentRange?: string },
    object: MediaObject,
  ) {
    const ext = object.name.split('.')[1] as keyof typeof MEDIA_TYPES | undefined;
    reply.header('content-type', answer.ContentType ?? (ext ? MEDIA_TYPES[ext] : 'application/octet-stream'));
    reply.header('cache-control', MEDIA_CACHE_CONTROL);
    reply.header('accept-ranges', 'bytes');
    if (answer.ContentLength !== undefined) reply.header('content-length', answer.ContentLength);
    if (answer.ContentRange) reply.header('content-range', answer.ContentRange);
    if (answer.ETag) reply.header('etag', answer.ETag);
    if (answer.LastModified) reply.header('last-modified', answer.LastModified.toUTCString());
  }

  return {
    kind: 's3',

    async saveImage(bytes, ext) {
      const id = newId();
      const version = versionAt(clock);
      await put({ kind: 'image', version: String(version), name: id }, bytes, MEDIA_TYPES[ext], bytes.length);
      return storedImage(version, id);
    },

    async moveVideo(source, ext) {
      const name = `${newId()}.${ext}`;
      const version = versionAt(clock);
      const { size } = await fs.stat(source);
      await put({ kind: 'video', version: String(version), name }, createReadStream(source), MEDIA_TYPES[ext], size);
      await fs.rm(source, { force: true });
      return storedVideo(version, name);
    },

    removeImage: (version, id) => removeKey({ kind: 'image', version: String(version), name: id }),
    removeVideo: (version, name) => removeKey({ kind: 'video', version: String(version), name }),
    discardImage: (stored) => removeKey({ kind: 'image', version: String(stored.version), name: stored.id }),

    async send(request: FastifyRequest, reply: FastifyReply, object: MediaObject) {
      if (!isMediaObject(object)) return false;
      if (settings.publicUrl) {
        // Straight from the bucket: the server answers with a redirect and never touches the bytes.
        // Not permanent (the operator may move the media back to disk), but cacheable for a day.
        void reply.header('cache-control', 'public, max-age=86400').redirect(`${settings.publicUrl}/${keyOf(object)}`, 302);
        return true;
      }
      if (request.method === 'HEAD') {
        const found = await head(object);
        if (!found) return false;
        mediaHeaders(reply, found, object);
        // An empty stream: Fastify's HEAD handling then keeps the object's content-length.
        void reply.send(Readable.from([]));
        return true;
      }
      const range = request.headers.range;
      const ifNoneMatch = request.headers['if-none-match'];
      const ifModifiedSince = request.headers['if-modified-since'];
      try {
        const answer = await client.send(
          new s3.GetObjectCommand({
            Bucket,
            Key: keyOf(object),
            ...(range && SINGLE_RANGE.test(range) ? { Range: range } : {}),
            ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}),
            ...(ifModifiedSince && !ifNoneMatch && !Number.isNaN(Date.parse(ifModifiedSince))
              ? { IfModifiedSince: new Date(ifModifiedSince) }
              : {}),
          }),
        );
        mediaHeaders(reply, answer, object);
        void reply.code(answer.ContentRange ? 206 : 200).send(answer.Body as Readable);
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        if (statusOf(error) === 304) {
          void reply.code(304).header('cache-control', MEDIA_CACHE_CONTROL).send();
          return true;
        }
        if (statusOf(error) === 416) throw new HttpError(416, 'Range not satisfiable');
        throw error;
      }
    },

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, ...(ContinuationToken ? { ContinuationToken } : {}) }));
        for (const item of page.Contents ?? []) {
          const match = KEY.exec(item.Key ?? '');
          if (!match) continue;
          const object: MediaObject = { kind: match[1] as MediaObject['kind'], version: match[2]!, name: match[3]! };
          if (isMediaObject(object)) yield { ...object, size: item.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async sizeOf(object) {
      return (await head(object))?.ContentLength ?? null;
    },

    async read(object) {
      if (!isMediaObject(object)) return null;
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket, Key: keyOf(object) }));
        const ext = object.name.split('.')[1] as keyof typeof MEDIA_TYPES | undefined;
        const type = answer.ContentType ?? (ext ? MEDIA_TYPES[ext] : 'application/octet-stream');
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0, type };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async write(object, body, type, size) {
      if (!isMediaObject(object)) throw new Error(`not a media file: ${keyOf(object)}`);
      if (object.kind === 'image' && !IMAGE_EXTENSIONS.some((ext) => MEDIA_TYPES[ext] === type)) {
        throw new Error(`not an image type: ${type} (${keyOf(object)})`);
      }
      await put(object, body, type, size);
    },

    remove: removeKey,

    async close() {
      client.destroy();
    },
  };
}
