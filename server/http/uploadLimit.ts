import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_FIELDS_PART, uploadsAtOnceMessage, UPLOADS_BUSY } from '../../src/api/media/uploads';
import type { Config } from '../config';
import { decodeAnyDataUrl, sizeText } from '../media/images';
import { currentAuth } from './authentication';
import { HttpError, badRequest } from './httpError';
import { keyedLimit } from './rateLimits';

/** A file a member sent, on disk under DATA_DIR/tmp/uploads until the request ends (then removed). */
export interface UploadedFile {
  path: string;
  size: number;
  /** The member it counts against: the image queue takes turns between members. */
  owner: string;
}

/**
 * What a route takes: its file fields and the most bytes each may hold. `what` names the file in
 * messages ("Image is too large: the limit is 10 MB").
 */
export type UploadFields = Record<string, { maxBytes: number; what: 'Image' | 'Video' }>;

/** The other fields of a multipart upload (text, topics...) travel as one JSON part; room for them. */
const FIELDS_ROOM = 64 * 1024;
const MULTIPART = /^\s*multipart\/form-data\b/i;
/**
 * A temporary upload older than this was left by a process that died mid-request: no request lives
 * that long (REQUEST_TIMEOUT_MS is at most an hour), so a process starting beside others sharing the
 * DATA_DIR never removes a file another is still writing.
 */
export const STALE_UPLOAD_MS = 2 * 60 * 60_000;

/** Removes the temporary uploads that processes which died mid-request left behind. */
export async function sweepStaleUploads(tempDir: string, now = Date.now()): Promise<number> {
  const names = await fs.readdir(tempDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(tempDir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile() || now - stat.mtimeMs < STALE_UPLOAD_MS) continue;
    await fs.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** How long a refused upload should wait before trying again (busy process, or the member's own uploads). */
const RETRY_AFTER_SECONDS = 5;

interface UploadState {
  counted: boolean;
  release: () => void;
  files: string[];
  received: Map<string, UploadedFile>;
}

/**
 * Every route that takes a file goes through here, so one set of limits covers them all:
 * - uploads per member (30 in 30 minutes, scaled by RATE_LIMIT_SCALE; in Redis when REDIS_URL is set);
 * - at most UPLOADS_AT_ONCE_PER_MEMBER (2) of a member's uploads in progress at once: the next is 429;
 * - at most UPLOAD_BYTES_IN_FLIGHT bytes of uploads being received by this process: past it, 503
 *   with Retry-After, instead of memory or disk filling up.
 * Files travel as multipart/form-data, streamed to a temporary file with a byte limit (413 past it),
 * and are processed from disk. The spec's JSON bodies with a base64 data URL are still accepted, up
 * to MAX_DATA_URL_BYTES (they are read whole). Temporary files are removed when the request ends,
 * whatever its outcome.
 */
export function createUploadLimit(
  app: FastifyInstance,
  config: Pick<Config, 'dataDir' | 'limits'> & { rateLimits: Pick<Config['rateLimits'], 'uploadsPerMember'> },
) {
  const rate = keyedLimit(app, 'uploads', config.rateLimits.uploadsPerMember, (request) => currentAuth(request).userId);
  const { uploadBytesInFlight, uploadsAtOncePerMember, dataUrlBytes } = config.limits;
  const tempDir = path.join(config.dataDir, 'tmp', 'uploads');
  sweepStaleUploads(tempDir).then(
    (removed) => removed && app.log.info({ removed, tempDir }, 'removed temporary uploads left by a process that stopped mid-request'),
    (error: unknown) => app.log.warn({ err: error, tempDir }, 'could not sweep old temporary uploads'),
  );
  const states = new WeakMap<FastifyRequest, UploadState>();
  const running = new Map<string, number>();
  let inFlight = 0;

  const stateOf = (request: FastifyRequest): UploadState => {
    let state = states.get(request);
    if (!state) {
      state = { counted: false, release: () => {}, files: [], received: new Map() };
      states.set(request, state);
    }
    return state;
  };

  /** Ends the request's share of the limits and removes its temporary files (once). */
  async function finish(request: FastifyRequest): Promise<void> {
    const state = states.get(request);
    if (!state) return;
    state.release();
    const files = state.files.splice(0);
    await Promise.all(files.map((file) => fs.rm(file, { force: true })));
  }

  /** Counts the request as an upload of `bytes` (once per request), or refuses it. */
  async function admit(request: FastifyRequest, reply: FastifyReply, bytes: number): Promise<void> {
    const state = stateOf(request);
    if (state.counted) return;
    const memberId = currentAuth(request).userId;
    const mine = running.get(memberId) ?? 0;
    if (mine >= uploadsAtOncePerMember) {
      throw new HttpError(429, uploadsAtOnceMessage(uploadsAtOncePerMember), { 'retry-after': String(RETRY_AFTER_SECONDS) });
    }
    if (inFlight + bytes > uploadBytesInFlight) throw new HttpError(503, UPLOADS_BUSY, { 'retry-after': String(RETRY_AFTER_SECONDS) });
    await rate.hit(request);
    // Checked again: the rate limit may have waited on Redis meanwhile.
    if (inFlight + bytes > uploadBytesInFlight) throw new HttpError(503, UPLOADS_BUSY, { 'retry-after': String(RETRY_AFTER_SECONDS) });
    state.counted = true;
    inFlight += bytes;
    running.set(memberId, (running.get(memberId) ?? 0) + 1);
    let released = false;
    state.release = () => {
      if (released) return;
      released = true;
      inFlight -= bytes;
      const left = (running.get(memberId) ?? 1) - 1;
      if (left > 0) running.set(memberId, left);
      else running.delete(memberId);
    };
    // The response's end or the connection's: whichever comes first frees the place.
    reply.raw.once('close', () => void finish(request));
  }

  async function tempFile(request: FastifyRequest): Promise<string> {
    await fs.mkdir(tempDir, { recursive: true });
    const file = path.join(tempDir, `${Date.now()}-${randomBytes(8).toString('hex')}.upload`);
    stateOf(request).files.push(file);
    return file;
  }

  /** The file's own limit when it binds, else the data-URL limit (with the way around it). */
  const dataUrlTooLarge = (spec: { maxBytes: number; what: string }, limit: number) =>
    limit >= spec.maxBytes
      ? `${spec.what} is too large: the limit is ${sizeText(spec.maxBytes)}`
      : `${spec.what} is too large to send as a data URL: the limit is ${sizeText(limit)} (send it as multipart/form-data)`;
  const tooLarge = (spec: { maxBytes: number; what: string }) =>
    new HttpError(413, `${spec.what} is too large: the limit is ${sizeText(spec.maxBytes)}`);

  /** Streams a multipart body: its file parts to temporary files, its `fields` part (JSON) to the body. */
  async function receiveMultipart(request: FastifyRequest, fields: UploadFields): Promise<void> {
    const largest = Math.max(...Object.values(fields).map((spec) => spec.maxBytes));
    const state = stateOf(request);
    let body: Record<string, unknown> = {};
    const parts = request.parts({
      limits: { fileSize: largest, files: Object.keys(fields).length, fields: 20, fieldSize: FIELDS_ROOM, parts: 24 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const spec = fields[part.fieldname];
        if (!spec || state.received.has(part.fieldname)) {
          part.file.resume();
          throw badRequest(
            `Unexpected file field "${part.fieldname}": send ${Object.keys(fields)
              .map((name) => `"${name}"`)
              .join(' or ')}`,
          );
        }
        const file = await tempFile(request);
        await pipeline(part.file, createWriteStream(file));
        const { size } = await fs.stat(file);
        if (part.file.truncated || size > spec.maxBytes) throw tooLarge(spec);
        state.received.set(part.fieldname, { path: file, size, owner: currentAuth(request).userId });
      } else if (part.fieldname === UPLOAD_FIELDS_PART) {
        try {
          const parsed: unknown = JSON.parse(String(part.value));
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
          body = { ...body, ...(parsed as Record<string, unknown>) };
        } catch {
          throw badRequest(`The "${UPLOAD_FIELDS_PART}" part must be a JSON object`);
        }
      } else {
        body[part.fieldname] = part.value;
      }
    }
    request.body = body;
  }

  // Every request's files are removed when it ends, and its place given back (also on errors).
  // A callback hook: most requests upload nothing, and an async one costs each a promise.
  const finishing = (request: FastifyRequest, done: (error?: Error) => void) => {
    if (!states.has(request)) return done();
    finish(request).then(() => done(), done);
  };
  app.addHook('onResponse', (request, _reply, done) => finishing(request, done));
  app.addHook('onRequestAbort', finishing);

  return {
    tempDir,

    /**
     * The options a file-taking route spreads into its own: counts a multipart upload before its
     * body is read (by its declared length), refuses one that says it is too large, and streams it
     * to disk before validation. A JSON body (a data URL) is limited to MAX_DATA_URL_BYTES.
     */
    route(fields: UploadFields) {
      const largest = Object.values(fields).reduce((a, b) => (b.maxBytes > a.maxBytes ? b : a));
      const jsonLimit = Math.min(dataUrlBytes, largest.maxBytes);
      return {
        bodyLimit: Math.ceil(jsonLimit / 3) * 4 + FIELDS_ROOM,
        config: {
          upload: true,
          bodyTooLargeMessage: dataUrlTooLarge(largest, jsonLimit),
        },
        onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
          // Before the body's parser runs (which is what sets request.isMultipart()).
          if (!MULTIPART.test(request.headers['content-type'] ?? '')) return;
          const declared = Number(request.headers['content-length']);
          if (Number.isFinite(declared) && declared > largest.maxBytes + FIELDS_ROOM) throw tooLarge(largest);
          await admit(request, reply, Number.isFinite(declared) ? declared : largest.maxBytes + FIELDS_ROOM);
        },
        preValidation: async (request: FastifyRequest) => {
          if (request.isMultipart()) await receiveMultipart(request, fields);
        },
      };
    },

    /**
     * The file sent in `field`: the multipart part already on disk, or the body's data URL written
     * to a temporary file (counted here, as it was not before its body was read). Null when none.
     */
    async file(
      request: FastifyRequest,
      reply: FastifyReply,
      field: string,
      spec: { maxBytes: number; what: 'Image' | 'Video' },
    ): Promise<UploadedFile | null> {
      const received = states.get(request)?.received.get(field);
      if (received) return received;
      const dataUrl = (request.body as Record<string, unknown> | undefined)?.[field];
      if (typeof dataUrl !== 'string' || dataUrl === '') return null;
      await admit(request, reply, dataUrl.length);
      const bytes = decodeAnyDataUrl(dataUrl);
      const limit = Math.min(spec.maxBytes, dataUrlBytes);
      if (bytes.length > limit) throw new HttpError(413, dataUrlTooLarge(spec, limit));
      const file = await tempFile(request);
      await fs.writeFile(file, bytes);
      return { path: file, size: bytes.length, owner: currentAuth(request).userId };
    },

    /** Counts a request that carries a small file in its JSON body (an avatar) like any upload. */
    count: (request: FastifyRequest, reply: FastifyReply, bytes: number) => admit(request, reply, bytes),

    /** What is being received now (for tests and the health figures). */
    load: () => ({ bytesInFlight: inFlight, members: running.size, uploads: [...running.values()].reduce((sum, n) => sum + n, 0) }),
  };
}

export type UploadLimit = ReturnType<typeof createUploadLimit>;

/**
 * multipart/form-data is parsed by upload routes only (they stream it to disk); elsewhere it is
 * refused like any type but JSON. Registered once on the root, after the JSON parser.
 */
export async function installMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { throwFileSizeLimit: true });
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.isMultipart() && !request.routeOptions.config?.upload)
      return done(new HttpError(415, 'Unsupported content type: send application/json'));
    done();
  });
}
