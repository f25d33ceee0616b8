import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MATCH_DISTANCE, IMAGE_SEARCH_RESULTS, imageSearchResultsSchema } from '../../../src/api/search';
import { bandsOf, colorDistance, fingerprintImage, hammingDistance, type ImageFingerprint } from '../../../server/media/imageHash';
import { IMAGE_COLOR_DISTANCE } from '../../../server/modules/search/service';
import { dataUrl, picturePng } from '../../fixtures/pictures';
import { createTestApp, dialects, type TestApp } from '../harness';
import { member, ok, type Member } from '../social';

/** A PRNG of its own, so the hashes are the same on every run. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** `hash` with the given bits (0 = the highest) flipped. */
function flip(hash: string, bits: number[]): string {
  let value = BigInt(`0x${hash}`);
  for (const bit of bits) value ^= 1n << BigInt(63 - bit);
  return value.toString(16).padStart(16, '0');
}

/** `count` bits of band `band` (16 bits each), spread over it. */
const bitsOfBand = (band: number, count: number) => Array.from({ length: count }, (_, k) => band * 16 + k * 5);

/**
 * Search by image reads candidates from the four band indexes (multi-index hashing) instead of
 * every hash: it must answer exactly what comparing the picture with every stored hash would, at
 * the edges of the distance and the colour, and only with what the viewer may see.
 */
describe.each(dialects)('search by image through the band indexes on %s', (dialect) => {
  let t: TestApp;
  let author: Member;
  let reader: Member;
  let picture: Buffer;
  let asked: ImageFingerprint;
  /** Every hash written here, by post: the scan's answer is computed from these. */
  const stored = new Map<string, { hash: string; color: number; createdAt: string }>();

  const search = async (who: Member) =>
    imageSearchResultsSchema.parse(await ok(t, who, 'POST', '/search/image', { image: dataUrl(picture, 'image/png') }));

  /** What a scan of every stored hash answers a viewer who sees `visible`: near enough, nearest first, then newest. */
  const scan = (visible: (postId: string) => boolean) =>
    [...stored.entries()]
      .filter(([id, row]) => visible(id) && colorDistance(asked.color, row.color) <= IMAGE_COLOR_DISTANCE)
      .map(([id, row]) => ({ id, distance: hammingDistance(asked.hash, row.hash), createdAt: row.createdAt }))
      .filter((row) => row.distance <= IMAGE_MATCH_DISTANCE)
      .sort((a, b) => a.distance - b.distance || (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
      .slice(0, IMAGE_SEARCH_RESULTS);

  /** A post with this hash, each a second newer than the one before (so the order of equal distances is known). */
  async function postWithHash(hash: string, color: number, privacy: 'Public' | 'Private' = 'Public') {
    const post = (await ok(t, author, 'POST', '/post', { post: `pictured ${stored.size}`, privacy }, 201)).post as { _id: string };
    const createdAt = new Date(Date.UTC(2025, 0, 1) + stored.size * 1000).toISOString();
    await t.database.db.updateTable('posts').set({ created_at: createdAt }).where('id', '=', post._id).execute();
    const [band0, band1, band2, band3] = bandsOf(hash);
    await t.database.db
      .insertInto('image_hashes')
      .values({ post_id: post._id, image_id: post._id, hash, band0, band1, band2, band3, color })
      .execute();
    stored.set(post._id, { hash, color, createdAt });
    return post._id;
  }

  const edges: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [author, reader] = [await member(t), await member(t)];
    picture = await picturePng(31);
    asked = await fingerprintImage(picture);
    const random = prng(7);
    const shifted = (color: number, by: number) =>
      ((((color >> 16) & 255) + by > 255 ? ((color >> 16) & 255) - by : ((color >> 16) & 255) + by) << 16) | (color & 0xffff);
    // At the edges: 11 bits apart with no band within 2 bits but one (3+3+3+2), 12 bits with every band 3 off,
    // 11 bits in a single band (found by the other three), and the colour 48 and 49 apart.
    edges.eleven = await postWithHash(
      flip(asked.hash, [...bitsOfBand(0, 3), ...bitsOfBand(1, 3), ...bitsOfBand(2, 3), ...bitsOfBand(3, 2)]),
      asked.color,
    );
    edges.twelve = await postWithHash(
      flip(
        asked.hash,
        [0, 1, 2, 3].flatMap((band) => bitsOfBand(band, 3)),
      ),
      asked.color,
    );
    edges.oneBand = await postWithHash(
      flip(
        asked.hash,
        Array.from({ length: 11 }, (_, k) => 16 + k),
      ),
      asked.color,
    );
    edges.same = await postWithHash(asked.hash, asked.color);
    edges.colorAtEdge = await postWithHash(flip(asked.hash, [3]), shifted(asked.color, 48));
    edges.colorPast = await postWithHash(flip(asked.hash, [4]), shifted(asked.color, 49));
    edges.private = await postWithHash(flip(asked.hash, [5]), asked.color, 'Private');
    // Near-duplicates at every distance, and unrelated pictures.
    for (let distance = 1; distance <= 14; distance++) {
      const bits = new Set<number>();
      while (bits.size < distance) bits.add(Math.floor(random() * 64));
      await postWithHash(flip(asked.hash, [...bits]), asked.color);
    }
    for (let i = 0; i < 30; i++) {
      const hash = Array.from({ length: 2 }, () =>
        Math.floor(random() * 2 ** 32)
          .toString(16)
          .padStart(8, '0'),
      ).join('');
      await postWithHash(hash, asked.color);
    }
  }, 120_000);
  afterAll(() => t.close());

  it('finds what a scan of every hash finds, in its order, at the edges of distance and colour', async () => {
    const found = await search(reader);
    const expected = scan((id) => id !== edges.private);
    expect(found.posts.map((p) => p._id)).toEqual(expected.map((row) => row.id));
    expect(found.posts.map((p) => found.distances[p._id])).toEqual(expected.map((row) => row.distance));
    const ids = found.posts.map((p) => p._id);
    expect(ids).toEqual(expect.arrayContaining([edges.eleven, edges.oneBand, edges.same, edges.colorAtEdge]));
    expect(ids).not.toContain(edges.twelve);
    expect(ids).not.toContain(edges.colorPast);
    expect(found.distances[edges.eleven]).toBe(11);
    // The author sees their private post too, at its place.
    expect((await search(author)).posts.map((p) => p._id)).toEqual(scan(() => true).map((row) => row.id));
  });

  it('forgets a hidden post for everyone but its author, and a deleted one with its hash', async () => {
    await t.app.services.posts.setHidden(edges.same, true);
    expect((await search(reader)).posts.map((p) => p._id)).toEqual(
      scan((id) => id !== edges.private && id !== edges.same).map((row) => row.id),
    );
    expect((await search(author)).posts.map((p) => p._id)).toContain(edges.same);
    await ok(t, author, 'DELETE', `/post/${edges.eleven}`);
    stored.delete(edges.eleven);
    expect(await t.database.db.selectFrom('image_hashes').select('post_id').where('post_id', '=', edges.eleven).execute()).toEqual([]);
    expect((await search(author)).posts.map((p) => p._id)).toEqual(scan(() => true).map((row) => row.id));
  });
});
