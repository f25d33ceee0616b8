import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImageResponseSchema } from '../../../src/api/media';
import { createTestApp, type TestApp } from '../harness';
import { mediaStoreFor, storeCases, storedNames } from './mediaStores';
import { imageDataUrl, member, ok, refused, textFileAsPng, videoDataUrl, type Member } from '../social';

const NOT_AN_IMAGE = 'Image must be a JPEG, PNG, GIF or WebP image';

describe.each(storeCases)('media on %s, stored on %s', (dialect, store) => {
  let t: TestApp;
  let author: Member;
  let other: Member;
  let stop: () => Promise<void>;
  /** What the server logs at level error: serving media must log nothing there. */
  const errors: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      errors.push(String(chunk));
      done();
    },
  });
  // Small limits so "too large" is cheap to provoke: 40 KB images, 8 KB videos.
  beforeAll(async () => {
    const media = await mediaStoreFor(store);
    stop = media.close;
    t = await createTestApp(dialect, {
      env: { MAX_IMAGE_BYTES: String(40 * 1024), MAX_VIDEO_BYTES: String(8 * 1024), LOG_LEVEL: 'error', LOG_FORMAT: 'json', ...media.env },
      logStream,
    });
    [author, other] = [await member(t), await member(t)];
  });
  afterAll(async () => {
    await t.close();
    await stop();
  });

  const imageFiles = () => storedNames(t, 'image');
  const videoFiles = () => storedNames(t, 'video');

  it('re-encodes an image post: EXIF and GPS gone, the longest side bounded, served with immutable caching', async () => {
    const original = Buffer.from((await imageDataUrl('big-jpeg')).split(',')[1], 'base64');
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes('PhoneCo')).toBe(true);
    const p = (
      await ok(
        t,
        author,
        'POST',
        '/post/image/post',
        { image: await imageDataUrl('big-jpeg'), imageAlt: ' A blue field ', privacy: 'Followers' },
        201,
      )
    ).post;
    expect(p).toMatchObject({ post: '', imageAlt: 'A blue field', privacy: 'Followers', video: '' });
    expect(p.image).toBe(`/media/image/upload/v${p.imgVersion}/${p.imgId}`);
    const served = await t.inject({ method: 'GET', url: p.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-length']).toBe(String(served.rawPayload.length));
    expect(t.app.services.media.kind).toBe(store);
    expect(await imageFiles()).toContain(p.imgId);
    const stored = served.rawPayload;
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 1024]);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('PhoneCo')).toBe(false);
    expect(stored.includes('Someone')).toBe(false);
    expect(errors).toEqual([]);
  });

  it('refuses a text file renamed .png, and stores nothing', async () => {
    const before = await imageFiles();
    await refused(t, author, 'POST', '/post/image/post', { post: 'look', image: textFileAsPng() }, 400, NOT_AN_IMAGE);
    await refused(t, author, 'POST', '/images/profile', { image: textFileAsPng() }, 400, NOT_AN_IMAGE);
    await refused(t, author, 'POST', '/post/image/post', { image: 'https://example.org/cat.png' }, 400, 'Image must be a base64 data URL');
    await refused(t, author, 'POST', '/post/image/post', { post: 'x' }, 400, 'Image is required');
    await refused(t, author, 'POST', '/post/video/post', { video: await imageDataUrl() }, 400, 'Video must be an MP4 or WebM video');
    await refused(t, author, 'POST', '/post/video/post', { video: textFileAsPng() }, 400, 'Video must be an MP4 or WebM video');
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
    await refused(
      t,
      author,
      'POST',
      '/post/image/post',
      { image: `data:image/png;base64,${broken.toString('base64')}` },
      400,
      'Image could not be read',
    );
    expect(await imageFiles()).toEqual(before);
    expect((await ok(t, author, 'GET', `/post/user/${author.id}/1`)).posts.every((p: { post: string }) => p.post !== 'look')).toBe(true);
  });

  it('answers 413 with the limit for oversized images and videos', async () => {
    const noise = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(40 * 1024);
    const big = `data:image/png;base64,${noise.toString('base64')}`;
    await refused(t, author, 'POST', '/post/image/post', { image: big }, 413, 'Image is too large: the limit is 40 KB');
    await refused(t, author, 'POST', '/images/gallery', { image: big }, 413, 'Image is too large: the limit is 40 KB');
    await refused(
      t,
      author,
      'POST',
      '/post/video/post',
      { video: videoDataUrl('mp4', 9 * 1024) },
      413,
      'Video is too large: the limit is 8 KB',
    );
    // Far past the route's body limit: refused before it is read, with the same kind of message.
    const huge = `data:image/png;base64,${'A'.repeat(200 * 1024)}`;
    await refused(t, author, 'POST', '/post/image/post', { image: huge }, 413, 'Image is too large: the limit is 40 KB');
    await refused(
      t,
      author,
      'POST',
      '/post/video/post',
      { video: `data:video/mp4;base64,${'A'.repeat(100 * 1024)}` },
      413,
      'Video is too large: the limit is 8 KB',
    );
  });

  it('stores MP4 and WebM videos by their bytes and serves them with ranges', async () => {
    for (const kind of ['mp4', 'webm'] as const) {
      const p = (await ok(t, author, 'POST', '/post/video/post', { post: kind, video: videoDataUrl(kind) }, 201)).post;
      expect(p.videoId).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${kind}$`));
      expect(p.video).toBe(`/media/video/upload/v${p.videoVersion}/${p.videoId}`);
      const served = await t.inject({ method: 'GET', url: p.video, headers: { range: 'bytes=0-99' } });
      expect(served.statusCode).toBe(206);
      expect(served.headers['content-type']).toBe(`video/${kind}`);
      expect(served.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.length).toBe(100);
      const whole = await t.inject({ method: 'GET', url: p.video });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.subarray(0, 100).equals(served.rawPayload)).toBe(true);
      const head = await t.inject({ method: 'HEAD', url: p.video });
      expect([head.statusCode, head.headers['content-length'], head.headers['content-type']]).toEqual([
        200,
        String(whole.rawPayload.length),
        `video/${kind}`,
      ]);
    }
    expect((await t.inject({ method: 'GET', url: '/media/video/upload/v1/..%2F..%2Fjwt-secret' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/media/video/upload/v1/0190aaaa-0000-7000-8000-000000000000.exe' })).statusCode).toBe(
      404,
    );
  });

  it("replaces and removes a post's media on edit, removing the old files", async () => {
    const p = (await ok(t, author, 'POST', '/post/image/post', { image: await imageDataUrl() }, 201)).post;
    await refused(
      t,
      other,
      'PUT',
      `/post/image/${p._id}`,
      { image: await imageDataUrl('big-jpeg') },
      403,
      'You can only edit your own posts',
    );
    const replaced = (await ok(t, author, 'PUT', `/post/image/${p._id}`, { image: await imageDataUrl('big-jpeg'), imageAlt: 'new' })).post;
    expect(replaced.imgId).not.toBe(p.imgId);
    expect((await t.inject({ method: 'GET', url: p.image })).statusCode).toBe(404);
    const asVideo = (await ok(t, author, 'PUT', `/post/video/${p._id}`, { video: videoDataUrl('webm') })).post;
    expect(asVideo).toMatchObject({ image: '', imgId: '', imageAlt: '' });
    expect((await t.inject({ method: 'GET', url: replaced.image })).statusCode).toBe(404);
    await refused(t, author, 'PUT', `/post/${p._id}`, { removeVideo: true }, 400, 'Post must not be empty');
    expect((await t.inject({ method: 'GET', url: asVideo.video })).statusCode).toBe(200);
    const textOnly = (await ok(t, author, 'PUT', `/post/${p._id}`, { removeVideo: true, post: 'words now' })).post;
    expect(textOnly).toMatchObject({ video: '', videoId: '', post: 'words now' });
    expect(await videoFiles()).not.toContain(asVideo.videoId);
    expect(errors).toEqual([]);
  });

  it('uploads images outside posts, lists them per member, and lets only the owner delete', async () => {
    const uploaded = uploadImageResponseSchema.parse(
      await ok(t, author, 'POST', '/images/group-avatar', { image: await imageDataUrl() }, 201),
    );
    expect(uploaded).toMatchObject({
      message: 'Image uploaded successfully',
      kind: 'group-avatar',
      url: `/media/image/upload/v${uploaded.imgVersion}/${uploaded.imgId}`,
    });
    expect((await t.inject({ method: 'GET', url: uploaded.url })).statusCode).toBe(200);
    // An image sent in a chat stays out of the member's listed images.
    const chatImage = uploadImageResponseSchema.parse(await ok(t, author, 'POST', '/images/chat', { image: await imageDataUrl() }, 201));
    expect((await t.inject({ method: 'GET', url: chatImage.url })).statusCode).toBe(200);
    const listed = await ok(t, other, 'GET', `/images/${author.id}`);
    expect(listed.images.map((image: { _id: string }) => image._id)).toEqual([uploaded._id]);
    await refused(
      t,
      author,
      'POST',
      '/images/wallpaper',
      { image: await imageDataUrl() },
      400,
      'Image kind must be one of profile, background, group-avatar, gallery, chat',
    );
    await refused(t, other, 'DELETE', `/images/${uploaded._id}`, undefined, 403, 'You can only delete your own images');
    expect((await t.inject({ method: 'GET', url: uploaded.url })).statusCode).toBe(200);
    expect(await ok(t, author, 'DELETE', `/images/${uploaded._id}`)).toEqual({
      message: 'Image deleted successfully',
      imageId: uploaded._id,
    });
    expect((await t.inject({ method: 'GET', url: uploaded.url })).statusCode).toBe(404);
    await refused(t, author, 'DELETE', `/images/${uploaded._id}`, undefined, 404, 'Image not found');
    await refused(t, author, 'DELETE', '/images/not-an-id', undefined, 404, 'Image not found');
    expect((await ok(t, other, 'GET', `/images/${author.id}`)).images).toEqual([]);
  });
});
