import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { dialects, type DialectName, type TestApp } from '../harness';

/**
 * The media suite runs against both stores (server/media/storage.ts): the disk, and a real
 * S3-compatible server started here, s3rver (from npm, in-process, its objects in a temporary
 * folder). Every media test that does not look at files itself runs on each.
 */
export type MediaStoreName = 'disk' | 's3';
export const mediaStores: MediaStoreName[] = ['disk', 's3'];
/** Each database with each store. */
export const storeCases: [DialectName, MediaStoreName][] = dialects.flatMap((dialect) =>
  mediaStores.map((store) => [dialect, store] as [DialectName, MediaStoreName]),
);

interface S3rverInstance {
  configureBuckets(): Promise<unknown>;
  callback(): http.RequestListener;
}
const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;

export const TEST_BUCKET = 'stoa-media';
/** s3rver's fixed credentials (it checks signatures). */
const KEYS = { MEDIA_S3_ACCESS_KEY_ID: 'S3RVER', MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  directory: string;
  /** The settings of a server whose media are in the test bucket. */
  env: Record<string, string>;
  /** Multipart uploads begun and neither completed nor aborted (their parts sit in the server's folder). */
  pendingUploads(): Promise<string[]>;
  /** From now on, every upload of part `n` of a multipart upload fails (500, as a failing disk or network would); null: none. */
  failPart(n: number | null): void;
  close(): Promise<void>;
}

/**
 * s3rver on a free port with a temporary folder, silent. s3rver 3.7 lacks one call S3 has,
 * AbortMultipartUpload (it answers MethodNotAllowed): this server answers it as S3 does, by
 * deleting the upload's parts, so a test can see that a failed upload leaves nothing behind.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'stoa-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: TEST_BUCKET, configs: [] }] });
  await s3rver.configureBuckets();
  const uploadsDir = path.join(directory, TEST_BUCKET, '._S3rver_uploads');
  const handle = s3rver.callback();
  let failingPart: string | null = null;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    if (request.method === 'PUT' && failingPart && url.searchParams.get('partNumber') === failingPart) {
      request.resume();
      response.writeHead(500, { 'content-type': 'application/xml' });
      response.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>failing on purpose</Message></Error>');
      return;
    }
    if (request.method === 'DELETE' && uploadId && /^[0-9a-f]+$/.test(uploadId)) {
      request.resume();
      void fs.rm(path.join(uploadsDir, uploadId), { recursive: true, force: true }).then(() => response.writeHead(204).end());
      return;
    }
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    directory,
    env: { MEDIA_S3_BUCKET: TEST_BUCKET, MEDIA_S3_ENDPOINT: endpoint, ...KEYS },
    pendingUploads: () => fs.readdir(uploadsDir).catch(() => [] as string[]),
    failPart: (n) => void (failingPart = n === null ? null : String(n)),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** What a test app needs for a store: its settings, and what to stop after. */
export async function mediaStoreFor(
  store: MediaStoreName,
): Promise<{ env: Record<string, string>; s3?: TestS3Server; close(): Promise<void> }> {
  if (store === 'disk') return { env: {}, close: async () => {} };
  const s3 = await startS3Server();
  return { env: s3.env, s3, close: () => s3.close() };
}

/** The names of the stored files, whichever store holds them (images by id, videos by `{id}.{ext}`). */
export async function storedNames(t: TestApp, kind?: 'image' | 'video'): Promise<string[]> {
  const names: string[] = [];
  for await (const object of t.app.services.media.list()) if (!kind || object.kind === kind) names.push(object.name);
  return names.sort();
}
