import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../server/clock';
import { ConfigError, loadConfig } from '../../../server/config';
import { openMediaStorage } from '../../../server/media/mediaStore';
import { PART_BYTES } from '../../../server/media/s3Storage';
import type { MediaObject, MediaStorage } from '../../../server/media/storage';
import { bearer, createTestApp, type TestApp } from '../harness';
import { imageDataUrl, member, ok, videoDataUrl, type Member } from '../social';
import { mediaStores, startS3Server, storedNames, TEST_BUCKET, type TestS3Server } from './mediaStores';

/** The media store itself (server/media/storage.ts, s3Storage.ts): what the API suites do not reach. */

const A_VIDEO: MediaObject = { kind: 'video', version: '1700000000', name: '0190aaaa-0000-7000-8000-000000000001.mp4' };

/** A source that sends `before` bytes, then fails: a copy or upload that breaks midway. */
function breaksAfter(before: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= before) {
        this.destroy(new Error('the source broke'));
        return;
      }
      const chunk = Buffer.alloc(Math.min(1024 * 1024, before - sent), 7);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe.each(mediaStores)('the %s media store', (store) => {
  let dataDir: string;
  let s3: TestS3Server | undefined;
  let media: MediaStorage;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stoa-store-'));
    s3 = store === 's3' ? await startS3Server() : undefined;
    media = openMediaStorage(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ...s3?.env }), systemClock);
  });
  afterAll(async () => {
    await media.close();
    await s3?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('leaves nothing behind when a write fails midway (past the first part of a multipart upload)', async () => {
    const size = PART_BYTES + 3 * 1024 * 1024;
    await expect(media.write(A_VIDEO, breaksAfter(PART_BYTES + 1024 * 1024), 'video/mp4', size)).rejects.toThrow();
    expect(await media.sizeOf(A_VIDEO)).toBeNull();
    const listed = [];
    for await (const object of media.list()) listed.push(object);
    expect(listed).toEqual([]);
    // No half-written file on disk, no multipart upload left open in the bucket.
    expect(await filesUnder(path.join(dataDir, 'media'))).toEqual([]);
    if (s3) expect(await s3.pendingUploads()).toEqual([]);
  });

  it('writes, lists, reads and removes a streamed file', async () => {
    const bytes = Buffer.alloc(PART_BYTES + 1024, 3);
    await media.write(A_VIDEO, Readable.from([bytes.subarray(0, 5000), bytes.subarray(5000)]), 'video/mp4', bytes.length);
    expect(await media.sizeOf(A_VIDEO)).toBe(bytes.length);
    const listed = [];
    for await (const object of media.list()) listed.push(object);
    expect(listed).toEqual([{ ...A_VIDEO, size: bytes.length }]);
    const read = await media.read(A_VIDEO);
    expect(read && { size: read.size, type: read.type }).toEqual({ size: bytes.length, type: 'video/mp4' });
    const chunks: Buffer[] = [];
    for await (const chunk of read!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await media.remove(A_VIDEO);
    expect(await media.sizeOf(A_VIDEO)).toBeNull();
    // Removing what is not there, or a name that is not media, is no error.
    await media.remove(A_VIDEO);
    await media.removeImage('1', '../../jwt-secret');
    if (s3) expect(await s3.pendingUploads()).toEqual([]);
  });
});

describe('an upload the bucket fails midway', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let author: Member;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp('sqlite', { env: { ...s3.env, MAX_VIDEO_BYTES: String(24 * 1024 * 1024) } });
    author = await member(t);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('answers an error and leaves nothing: no post, no object, no open multipart upload, no temporary file', async () => {
    // 20 MB: three parts; the second fails on every try.
    const video = Buffer.from(videoDataUrl('mp4', 20 * 1024 * 1024).split(',')[1]!, 'base64');
    const boundary = '----stoa-s3-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="fields"\r\n\r\n${JSON.stringify({ post: 'a long one' })}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      ),
      video,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    // The member's avatar is there already.
    const before = await storedNames(t);
    s3.failPart(2);
    const answer = await t.api({
      method: 'POST',
      url: '/post/video/post',
      headers: { ...bearer(author.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ statusCode: 500 });
    expect(await storedNames(t)).toEqual(before);
    expect(await s3.pendingUploads()).toEqual([]);
    expect(await fs.readdir(path.join(t.dataDir, 'tmp', 'uploads')).catch(() => [])).toEqual([]);
    expect((await ok(t, author, 'GET', `/post/user/${author.id}/1`)).posts).toEqual([]);

    // The bucket is well again: the same upload goes through.
    s3.failPart(null);
    const again = await t.api({
      method: 'POST',
      url: '/post/video/post',
      headers: { ...bearer(author.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await storedNames(t)).toEqual([...before, again.json().post.videoId].sort());
  });
});

describe('a bucket with a public URL', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let author: Member;
  let publicUrl: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    // s3rver lets anyone read (as a bucket with a public-read policy does); path-style, so the bucket is in the path.
    publicUrl = `${s3.endpoint}/${TEST_BUCKET}`;
    t = await createTestApp('sqlite', { env: { ...s3.env, MEDIA_S3_PUBLIC_URL: publicUrl } });
    author = await member(t);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('sends readers straight to the bucket, which serves the bytes with the same headers; deleting the post deletes them', async () => {
    const p = (await ok(t, author, 'POST', '/post/image/post', { image: await imageDataUrl('big-jpeg') }, 201)).post;
    expect(p.image).toBe(`/media/image/upload/v${p.imgVersion}/${p.imgId}`);
    const redirect = await t.inject({ method: 'GET', url: p.image });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`${publicUrl}/image/v${p.imgVersion}/${p.imgId}`);
    const fromBucket = await fetch(redirect.headers.location!);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get('content-type')).toBe('image/jpeg');
    expect(fromBucket.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fromBucket.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    const v = (await ok(t, author, 'POST', '/post/video/post', { video: videoDataUrl('webm') }, 201)).post;
    const videoAt = (await t.inject({ method: 'GET', url: v.video })).headers.location!;
    expect(videoAt).toBe(`${publicUrl}/video/v${v.videoVersion}/${v.videoId}`);
    const ranged = await fetch(videoAt, { headers: { range: 'bytes=0-9' } });
    expect([ranged.status, ranged.headers.get('content-type')]).toEqual([206, 'video/webm']);

    // The page may load them from there: the bucket's origin is in the CSP's img-src and media-src.
    const csp = (await t.inject({ method: 'GET', url: '/api/v1/health' })).headers['content-security-policy'] as string;
    expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.endpoint}`));
    expect(csp).toMatch(new RegExp(`media-src [^;]*${s3.endpoint}`));

    await ok(t, author, 'DELETE', `/post/${p._id}`);
    await ok(t, author, 'DELETE', `/post/${v._id}`);
    expect((await fetch(redirect.headers.location!)).status).toBe(404);
    expect((await fetch(videoAt)).status).toBe(404);
    // A name that cannot be media is refused here, never sent on.
    expect((await t.inject({ method: 'GET', url: '/media/image/upload/v1/..%2Fsecret' })).statusCode).toBe(404);
  });
});

describe('the media store settings', () => {
  const base = { DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(32) };

  it('keep media on disk unless a bucket is named', () => {
    expect(loadConfig(base).media).toEqual({ kind: 'disk' });
  });

  it('read a bucket: path-style with an endpoint of its own, keys or the SDK own credentials', () => {
    expect(
      loadConfig({
        ...base,
        MEDIA_S3_BUCKET: 'stoa-media',
        MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000/',
        MEDIA_S3_ACCESS_KEY_ID: 'id',
        MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
        MEDIA_S3_PUBLIC_URL: 'https://media.example.org/',
      }).media,
    ).toEqual({
      kind: 's3',
      bucket: 'stoa-media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      publicUrl: 'https://media.example.org',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...base, MEDIA_S3_BUCKET: 'stoa-media', MEDIA_S3_REGION: 'eu-west-3' }).media).toEqual({
      kind: 's3',
      bucket: 'stoa-media',
      region: 'eu-west-3',
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        ...base,
        MEDIA_S3_BUCKET: 'stoa-media',
        MEDIA_S3_ENDPOINT: 'https://s3.example.org',
        MEDIA_S3_FORCE_PATH_STYLE: 'false',
      }).media,
    ).toMatchObject({ forcePathStyle: false });
  });

  it('stop the server at start with a message naming the setting', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ MEDIA_S3_BUCKET: 'Not_A_Bucket' })).toContain(
      'MEDIA_S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    );
    expect(refused({ MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toContain(
      'MEDIA_S3_ENDPOINT is set, so MEDIA_S3_BUCKET must be set too',
    );
    expect(refused({ MEDIA_S3_BUCKET: 'stoa-media', MEDIA_S3_ACCESS_KEY_ID: 'id' })).toContain(
      'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together',
    );
    expect(refused({ MEDIA_S3_BUCKET: 'stoa-media', MEDIA_S3_PUBLIC_URL: 'media.example.org' })).toContain(
      'MEDIA_S3_PUBLIC_URL must be a URL like https://media.example.org',
    );
    expect(refused({ MEDIA_S3_BUCKET: 'stoa-media', MEDIA_S3_FORCE_PATH_STYLE: 'yes' })).toContain(
      'MEDIA_S3_FORCE_PATH_STYLE must be true or false',
    );
    // A secret is never repeated in the message.
    expect(refused({ MEDIA_S3_BUCKET: 'stoa-media', MEDIA_S3_SECRET_ACCESS_KEY: 'hunter2' })).not.toContain('hunter2');
  });
});
