import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_PIXELS, TOO_MANY_PIXELS } from '../../../server/media/images';
import { createGate } from '../../../server/media/imageWork';
import { createTestApp, dialects, type TestApp } from '../harness';
import { imageDataUrl, member, ok, refused } from '../social';

/** A PNG that claims `width` x `height` pixels in a few kilobytes (one colour compresses to nothing). */
const flatPng = async (width: number, height: number) =>
  `data:image/png;base64,${(
    await sharp({ create: { width, height, channels: 3, background: '#336699' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
  ).toString('base64')}`;

describe.each(dialects)('upload limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { realRateLimits: true });
  });
  afterAll(() => t.close());

  it('refuses an image of more than 33,177,600 pixels before decoding it (413), and takes a normal one', async () => {
    const author = await member(t);
    // 5761 x 5760 is one column over the limit (5760 x 5760 = 33,177,600); the file itself is small.
    expect(5760 * 5760).toBe(MAX_UPLOAD_PIXELS);
    const bomb = await flatPng(5761, 5760);
    expect(bomb.length).toBeLessThan(200_000);
    await refused(t, author, 'POST', '/post/image/post', { image: bomb, post: 'big' }, 413, TOO_MANY_PIXELS);
    await refused(t, author, 'POST', '/images/gallery', { image: bomb }, 413, TOO_MANY_PIXELS);
    await ok(t, author, 'POST', '/images/gallery', { image: await imageDataUrl() }, 201);
  });

  it('allows 30 uploads per member in 30 minutes across every upload route, then 429 with Retry-After; others are untouched', async () => {
    const busy = await member(t);
    const other = await member(t);
    const image = await imageDataUrl();
    for (let i = 0; i < 28; i += 1) await ok(t, busy, 'POST', '/images/gallery', { image }, 201);
    await ok(t, busy, 'POST', '/post/image/post', { image, post: 'the 29th' }, 201);
    const search = await t.api({
      method: 'POST',
      url: '/search/image',
      headers: { authorization: `Bearer ${busy.token}` },
      payload: { image },
    });
    expect(search.statusCode).toBe(200);
    for (const [url, body] of [
      ['/images/gallery', { image }],
      ['/post/image/post', { image, post: 'one more' }],
      ['/search/image', { image }],
    ] as const) {
      const refusedUpload = await t.api({ method: 'POST', url, headers: { authorization: `Bearer ${busy.token}` }, payload: body });
      expect(refusedUpload.statusCode, url).toBe(429);
      expect(Number(refusedUpload.headers['retry-after'])).toBeGreaterThan(0);
      expect(refusedUpload.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
    }
    // Text posts are not uploads; another member uploads as usual.
    await ok(t, busy, 'POST', '/post', { post: 'still here' }, 201);
    await ok(t, other, 'POST', '/images/gallery', { image }, 201);
  });
});

describe('the image gate', () => {
  it('runs at most its size at once and the rest in the order they came', async () => {
    const gate = createGate(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const jobs = Array.from({ length: 5 }, (_, i) =>
      gate.run(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect(gate.waiting).toBe(3);
    // Each job that ends lets exactly the next one in.
    for (let ended = 0; ended < 5; ended += 1) {
      expect(running).toBeLessThanOrEqual(2);
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(gate.running).toBe(0);
  });

  it('gives its place back when a job fails', async () => {
    const gate = createGate(1);
    await expect(
      gate.run(async () => {
        throw new Error('bad picture');
      }),
    ).rejects.toThrow('bad picture');
    expect(await gate.run(async () => 'next')).toBe('next');
    expect(gate.running).toBe(0);
  });
});
