import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../src/api/paths';
import { UPLOADS_BUSY, uploadsAtOnceMessage } from '../../../src/api/media/uploads';
import { NOT_AN_IMAGE } from '../../../server/media/images';
import { sweepStaleUploads } from '../../../server/http/uploadLimit';
import { createGate } from '../../../server/media/imageWork';
import { avatarDataUrl, bearer, createTestApp, dialects, type TestApp } from '../harness';
import { imageDataUrl, member, ok, refused, videoDataUrl, type Member } from '../social';
import { mediaStoreFor, storeCases } from './mediaStores';

/**
 * Uploads as streams (server/http/uploadLimit.ts): multipart bodies go to a temporary file with a
 * byte limit, data URLs only up to MAX_DATA_URL_BYTES, and every file route shares the limits.
 */
const BOUNDARY = '----stoa-test-boundary';
const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

/** A multipart body as the client sends it: the other fields as one JSON part, then the file. */
function multipart(fields: Record<string, unknown>, field: string, file: Buffer) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fields"\r\n\r\n${JSON.stringify(fields)}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="upload.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return { head, file, tail, all: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

const tempFiles = async (t: TestApp) => fs.readdir(path.join(t.dataDir, 'tmp', 'uploads')).catch(() => [] as string[]);

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 2000; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition never held');
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/**
 * An upload over a real socket, its body held back after the first bytes of the file until
 * `finish` is called: an upload in progress, as the server sees a slow phone's.
 */
function heldUpload(port: number, who: Member, url: string, body: ReturnType<typeof multipart>, options: { chunked?: boolean } = {}) {
  const request = http.request({
    port,
    host: '127.0.0.1',
    method: 'POST',
    path: `${API_BASE}${url}`,
    headers: {
      ...bearer(who.token),
      'content-type': body.contentType,
      ...(options.chunked ? {} : { 'content-length': String(body.all.length) }),
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
        }),
      );
    });
    request.on('error', reject);
  });
  request.write(Buffer.concat([body.head, body.file.subarray(0, 1024)]));
  return {
    answer,
    finish: () => {
      request.end(Buffer.concat([body.file.subarray(1024), body.tail]));
      return answer;
    },
    /** Sends the rest as fast as the socket takes it (for a body the server may cut short). */
    pour: () => {
      const rest = body.file.subarray(1024);
      for (let at = 0; at < rest.length; at += 256 * 1024) request.write(rest.subarray(at, at + 256 * 1024));
      request.end(body.tail);
      return answer;
    },
  };
}

describe.each(storeCases)('uploads as streams on %s, stored on %s', (dialect, store) => {
  let t: TestApp;
  let port: number;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const media = await mediaStoreFor(store);
    stop = media.close;
    t = await createTestApp(dialect, {
      realRateLimits: true,
      env: {
        MAX_IMAGE_BYTES: String(2 * 1024 * 1024),
        MAX_VIDEO_BYTES: String(24 * 1024 * 1024),
        MAX_DATA_URL_BYTES: String(64 * 1024),
        ...media.env,
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    await stop();
  });

  const send = (who: Member, url: string, body: ReturnType<typeof multipart>, method: 'POST' | 'PUT' = 'POST') =>
    t.api({ method, url, headers: { ...bearer(who.token), 'content-type': body.contentType }, payload: body.all });

  it('stores a large multipart video (past the data-URL limit) and serves the same bytes; an image too', async () => {
    const author = await member(t);
    const video = bytesOf(videoDataUrl('mp4', 20 * 1024 * 1024));
    const answer = await send(author, '/post/video/post', multipart({ post: 'a long one' }, 'video', video));
    expect(answer.statusCode, answer.body).toBe(201);
    const served = await t.inject({ method: 'GET', url: answer.json().post.video });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(video)).toBe(true);

    const picture = await send(
      author,
      '/post/image/post',
      multipart({ post: 'a picture', imageAlt: 'blue' }, 'image', bytesOf(await imageDataUrl())),
    );
    expect(picture.statusCode, picture.body).toBe(201);
    expect(picture.json().post.imageAlt).toBe('blue');
    expect((await t.inject({ method: 'GET', url: picture.json().post.image })).statusCode).toBe(200);
    await waitFor(async () => (await tempFiles(t)).length === 0);
  });

  it('answers 413 for a file over its limit, declared or streamed, and leaves nothing on disk', async () => {
    const author = await member(t);
    const tooBig = multipart(
      { post: 'too big' },
      'image',
      Buffer.concat([bytesOf(await imageDataUrl()), Buffer.alloc(3 * 1024 * 1024, 1)]),
    );
    const declared = await send(author, '/post/image/post', tooBig);
    expect(declared.statusCode).toBe(413);
    expect(declared.json().message).toBe('Image is too large: the limit is 2 MB');
    // Without a length the server finds out while streaming it to disk.
    const streamed = await heldUpload(port, author, '/post/image/post', tooBig, { chunked: true }).pour();
    expect(streamed.status).toBe(413);
    expect(streamed.body.message).toBe('Image is too large: the limit is 2 MB');
    await waitFor(async () => (await tempFiles(t)).length === 0);
    expect((await ok(t, author, 'GET', `/post/user/${author.id}/1`)).posts).toEqual([]);
  });

  it('decides the type by the first bytes: a text file sent as an image is refused, nothing kept', async () => {
    const author = await member(t);
    const text = Buffer.from('just some text, renamed to photo.png\n');
    const answer = await send(author, '/images/gallery', multipart({}, 'image', text));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(NOT_AN_IMAGE);
    const video = await send(author, '/post/video/post', multipart({}, 'video', text));
    expect(video.statusCode).toBe(400);
    // Removed as the request ends (just after its answer is sent).
    await waitFor(async () => (await tempFiles(t)).length === 0);
  });

  it('accepts a small data URL as before, and answers 413 past MAX_DATA_URL_BYTES', async () => {
    const author = await member(t);
    await ok(t, author, 'POST', '/images/gallery', { image: await imageDataUrl() }, 201);
    await refused(
      t,
      author,
      'POST',
      '/post/video/post',
      { video: videoDataUrl('mp4', 80 * 1024) },
      413,
      'Video is too large to send as a data URL: the limit is 64 KB (send it as multipart/form-data)',
    );
  });

  it('lets a member have 2 uploads in progress: the third answers 429, another member goes on', async () => {
    const busy = await member(t);
    const other = await member(t);
    const image = bytesOf(await imageDataUrl());
    const padded = Buffer.concat([image, Buffer.alloc(64 * 1024)]);
    const before = (await tempFiles(t)).length;
    const first = heldUpload(port, busy, '/images/gallery', multipart({}, 'image', padded));
    const second = heldUpload(port, busy, '/images/gallery', multipart({}, 'image', padded));
    await waitFor(async () => (await tempFiles(t)).length === before + 2);
    const third = await send(busy, '/images/gallery', multipart({}, 'image', image));
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(uploadsAtOnceMessage(2));
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Every route that takes a file counts: a group post's image and an avatar change too.
    const group = (await ok(t, busy, 'POST', '/group/create', { name: 'Uploaders', tags: ['x'], category: ['Gaming'] }, 201)).group;
    const groupPost = await send(busy, `/post/group/${group._id}`, multipart({ post: 'with a picture' }, 'image', image));
    expect(groupPost.statusCode).toBe(429);
    await refused(t, busy, 'PUT', '/currentuser', { avatarImage: await avatarDataUrl() }, 429, uploadsAtOnceMessage(2));
    // A text group post is no upload.
    await ok(t, busy, 'POST', `/post/group/${group._id}`, { post: 'just words' }, 201);
    expect((await send(other, '/images/gallery', multipart({}, 'image', image))).statusCode).toBe(201);
    // Picture data sent after the padding is no longer a PNG's end; the server still reads it.
    expect((await first.finish()).status).toBe(201);
    expect((await second.finish()).status).toBe(201);
    expect((await send(busy, '/images/gallery', multipart({}, 'image', image))).statusCode).toBe(201);
  });

  it('counts group posts and avatar changes in the uploads per member (30 in 30 minutes)', async () => {
    const busy = await member(t);
    const image = await imageDataUrl();
    const group = (await ok(t, busy, 'POST', '/group/create', { name: 'Busy', tags: ['x'], category: ['Gaming'] }, 201)).group;
    for (let i = 0; i < 28; i += 1) await ok(t, busy, 'POST', '/images/gallery', { image }, 201);
    await ok(t, busy, 'POST', `/post/group/${group._id}`, { post: 'the 29th', image }, 201);
    await ok(t, busy, 'PUT', '/currentuser', { avatarImage: await avatarDataUrl() });
    await refused(t, busy, 'POST', `/post/group/${group._id}`, { post: 'one more', image }, 429, /^Too many attempts/);
    await refused(t, busy, 'PUT', '/currentuser', { avatarImage: await avatarDataUrl() }, 429, /^Too many attempts/);
    // Changing only the colour is no upload.
    await ok(t, busy, 'PUT', '/currentuser', { avatarColor: '#123456' });
  });
});

describe.each(dialects)('the bytes in flight on %s', (dialect) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { UPLOAD_BYTES_IN_FLIGHT: String(1024 * 1024) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After past UPLOAD_BYTES_IN_FLIGHT, and takes uploads again once it is under', async () => {
    const [a, b] = [await member(t), await member(t)];
    const image = bytesOf(await imageDataUrl());
    const held = heldUpload(port, a, '/images/gallery', multipart({}, 'image', Buffer.concat([image, Buffer.alloc(700 * 1024)])));
    await waitFor(async () => (await tempFiles(t)).length === 1);
    const refusedUpload = await t.api({
      method: 'POST',
      url: '/images/gallery',
      headers: { ...bearer(b.token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart({}, 'image', Buffer.concat([image, Buffer.alloc(400 * 1024)])).all,
    });
    expect(refusedUpload.statusCode).toBe(503);
    expect(refusedUpload.json().message).toBe(UPLOADS_BUSY);
    expect(Number(refusedUpload.headers['retry-after'])).toBeGreaterThan(0);
    expect((await held.finish()).status).toBe(201);
    await ok(t, b, 'POST', '/images/gallery', { image: await imageDataUrl() }, 201);
  });
});

describe('the image queue', () => {
  it("takes turns between members: one member's queue delays another's single job by at most one job", async () => {
    const gate = createGate(1);
    const started: string[] = [];
    const releases: (() => void)[] = [];
    const job = (name: string, owner: string) =>
      gate.run(async () => {
        started.push(name);
        await new Promise<void>((resolve) => releases.push(resolve));
      }, owner);
    const jobs = Array.from({ length: 20 }, (_, i) => job(`a${i}`, 'a'));
    await new Promise((resolve) => setImmediate(resolve));
    jobs.push(job('b0', 'b'));
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(jobs);
    // a0 was running, a1 had the turn when b0 came; then b0, then the rest of a's in order.
    expect(started.indexOf('b0')).toBeLessThanOrEqual(2);
    expect(started.filter((name) => name.startsWith('a'))).toEqual(Array.from({ length: 20 }, (_, i) => `a${i}`));
  });
});

describe('temporary uploads left by a process that died', () => {
  it('are removed when a process starts, while a recent one (another process may be writing it) stays', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stoa-sweep-'));
    const old = path.join(dir, 'old.upload');
    const recent = path.join(dir, 'recent.upload');
    await fs.writeFile(old, 'left behind');
    await fs.writeFile(recent, 'still being written');
    const threeHoursAgo = new Date(Date.now() - 3 * 60 * 60_000);
    await fs.utimes(old, threeHoursAgo, threeHoursAgo);
    expect(await sweepStaleUploads(dir)).toBe(1);
    expect((await fs.readdir(dir)).sort()).toEqual(['recent.upload']);
    expect(await sweepStaleUploads(path.join(dir, 'missing'))).toBe(0);
    await fs.rm(dir, { recursive: true, force: true });
  });
});
