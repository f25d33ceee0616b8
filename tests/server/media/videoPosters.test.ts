import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postResponseSchema } from '../../../src/api/posts';
import { bearer, createTestApp, type TestApp } from '../harness';
import { mediaStoreFor, storeCases, storedNames } from './mediaStores';
import { imageDataUrl, member, ok, textFileAsPng, videoDataUrl, type Member } from '../social';

/**
 * A video's poster (docs/api.md, "Video posters"): the first frame the composer's browser drew,
 * sent as the `poster` part beside the `video` part, stored through the photos' image pipeline.
 */
const BOUNDARY = '----stoa-poster-boundary';
const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

/** A multipart body as the client sends it: the other fields as one JSON part, then each file. */
function multipart(fields: Record<string, unknown>, files: Record<string, Buffer>) {
  const parts: Buffer[] = [
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="fields"\r\n\r\n${JSON.stringify(fields)}\r\n`),
  ];
  for (const [name, bytes] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

describe.each(storeCases)('video posters on %s, stored on %s', (dialect, store) => {
  let t: TestApp;
  let author: Member;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const media = await mediaStoreFor(store);
    stop = media.close;
    t = await createTestApp(dialect, { env: media.env });
    author = await member(t);
  });
  afterAll(async () => {
    await t.close();
    await stop();
  });

  const send = (method: 'POST' | 'PUT', url: string, fields: Record<string, unknown>, parts: Record<string, Buffer>) => {
    const body = multipart(fields, parts);
    return t.api({ method, url, headers: { ...bearer(author.token), 'content-type': body.contentType }, payload: body.payload });
  };
  const mediaFiles = () => storedNames(t);
  const status = async (url: string) => (await t.inject({ method: 'GET', url })).statusCode;

  it('stores the poster sent with a video through the image pipeline: re-encoded, metadata gone, served as an image', async () => {
    const poster = bytesOf(await imageDataUrl('jpeg'));
    expect(poster.includes('PhoneCo')).toBe(true);
    const answer = await send('POST', '/post/video/post', { post: 'Waves' }, { video: bytesOf(videoDataUrl('webm')), poster });
    expect(answer.statusCode, answer.body).toBe(201);
    const p = postResponseSchema.parse(answer.json()).post;
    expect(p.videoPoster).toMatch(/^\/media\/image\/upload\/v\d+\/[0-9a-f-]{36}$/);
    const read = (await ok(t, author, 'GET', `/post/${p._id}`)).post;
    expect(read.videoPoster).toBe(p.videoPoster);
    const served = await t.inject({ method: 'GET', url: p.videoPoster });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([64, 48]);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('PhoneCo')).toBe(false);
    expect(await status(p.video)).toBe(200);
  });

  it('keeps videos without a poster (the data-URL way, or multipart without one) with videoPoster ""', async () => {
    const asJson = (await ok(t, author, 'POST', '/post/video/post', { video: videoDataUrl('mp4') }, 201)).post;
    expect(asJson.videoPoster).toBe('');
    const noPoster = await send('POST', '/post/video/post', {}, { video: bytesOf(videoDataUrl('webm')) });
    expect(noPoster.statusCode, noPoster.body).toBe(201);
    expect(noPoster.json().post.videoPoster).toBe('');
  });

  it('refuses a poster that is not an image with a 400 naming it, and stores nothing', async () => {
    const before = await mediaFiles();
    const answer = await send(
      'POST',
      '/post/video/post',
      { post: 'bad' },
      { video: bytesOf(videoDataUrl('webm')), poster: bytesOf(textFileAsPng()) },
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ statusCode: 400, message: 'Video poster must be a JPEG, PNG, GIF or WebP image' });
    expect(await mediaFiles()).toEqual(before);
  });

  it('replacing the video replaces its poster; a bad new poster changes nothing; removing the video or the post removes it', async () => {
    const png = bytesOf(await imageDataUrl('png'));
    const first = (await send('POST', '/post/video/post', { post: 'clip' }, { video: bytesOf(videoDataUrl('webm')), poster: png })).json()
      .post;
    const bad = await send(
      'PUT',
      `/post/video/${first._id}`,
      {},
      { video: bytesOf(videoDataUrl('mp4')), poster: bytesOf(textFileAsPng()) },
    );
    expect(bad.statusCode).toBe(400);
    expect((await ok(t, author, 'GET', `/post/${first._id}`)).post).toMatchObject({ video: first.video, videoPoster: first.videoPoster });
    expect(await status(first.videoPoster)).toBe(200);

    const second = (await send('PUT', `/post/video/${first._id}`, {}, { video: bytesOf(videoDataUrl('mp4')), poster: png })).json().post;
    expect(second.videoPoster).not.toBe('');
    expect(second.videoPoster).not.toBe(first.videoPoster);
    expect(await status(first.videoPoster)).toBe(404);
    expect(await status(second.videoPoster)).toBe(200);

    const withoutPoster = (await send('PUT', `/post/video/${first._id}`, {}, { video: bytesOf(videoDataUrl('webm')) })).json().post;
    expect(withoutPoster.videoPoster).toBe('');
    expect(await status(second.videoPoster)).toBe(404);

    const third = (await send('PUT', `/post/video/${first._id}`, {}, { video: bytesOf(videoDataUrl('webm')), poster: png })).json().post;
    const removed = (await ok(t, author, 'PUT', `/post/${first._id}`, { removeVideo: true, post: 'words now' })).post;
    expect(removed).toMatchObject({ video: '', videoPoster: '' });
    expect(await status(third.videoPoster)).toBe(404);

    const last = (await send('POST', '/post/video/post', {}, { video: bytesOf(videoDataUrl('webm')), poster: png })).json().post;
    await ok(t, author, 'DELETE', `/post/${last._id}`);
    expect(await status(last.videoPoster)).toBe(404);
  });

  it('a group post takes a poster with its video, and deleting the group removes it', async () => {
    const group = (
      await ok(
        t,
        author,
        'POST',
        '/group/create',
        { name: 'Film Club', description: 'We watch', tags: ['film'], category: ['Gaming'] },
        201,
      )
    ).group;
    const answer = await send(
      'POST',
      `/post/group/${group._id}`,
      { post: 'trailer' },
      {
        video: bytesOf(videoDataUrl('webm')),
        poster: bytesOf(await imageDataUrl('png')),
      },
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const p = answer.json().post;
    expect(p.videoPoster).toMatch(/^\/media\/image\/upload\//);
    expect(await status(p.videoPoster)).toBe(200);
    await ok(t, author, 'DELETE', `/group/${group._id}`);
    expect(await status(p.videoPoster)).toBe(404);
  });
});
