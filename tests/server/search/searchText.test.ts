import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MATCH_DISTANCE, SEARCH_TERMS_MAX, SEARCH_WINDOW } from '../../../src/api/search';
import { bandsOf, colorDistance, fingerprintImage, hammingDistance, nearBandValues } from '../../../server/media/imageHash';
import { pageOfWindow, rank } from '../../../server/modules/search/service';
import type { Hit } from '../../../server/modules/search/store';
import { foldText, fts5Query, indexText, queryTerms, relevance, tsQuery, usernameText } from '../../../server/core/searchText';
import { croppedCopy, picturePng, resizedJpegCopy } from '../../fixtures/pictures';

describe('the folding of search text', () => {
  it('drops optional accents and points, spells special letters plainly, lower-cases', () => {
    expect(foldText('Café CRÈME Łódź Straße Søren Æsir ŒUVRE İstanbul')).toBe('cafe creme lodz strasse soren aesir oeuvre istanbul');
    expect(foldText('ΟΔΥΣΣΕΥΣ Ёлка')).toBe('οδυσσευσ елка');
    expect(foldText('שָׁלוֹם')).toBe('שלום');
    expect(foldText('ﬁle Ｆｕｌｌ x²')).toBe('file full x2');
    // Vowel signs of Devanagari are part of the word: kept.
    expect(foldText('नमस्ते')).toBe('नमस्ते');
  });

  it('indexes words split on anything that is not a letter, digit or mark; unspaced scripts as characters and pairs', () => {
    expect(indexText('Hello, world! e-mail: a_b@c.d 3.14')).toBe('hello world e mail a b c d 3 14');
    expect(indexText('日本語を')).toBe('日 本 語 を 日本 本語 語を');
    expect(indexText('Tokyo 東京', 'alt text')).toBe('tokyo 東 京 東京 alt text');
  });

  it('asks for every word (prefixes from two characters), unspaced runs by their pairs, at most SEARCH_TERMS_MAX', () => {
    expect(queryTerms('Prog a café')).toEqual([
      { text: 'prog', prefix: true },
      { text: 'a', prefix: false },
      { text: 'cafe', prefix: true },
    ]);
    expect(queryTerms('日本語')).toEqual([
      { text: '日本', prefix: false },
      { text: '本語', prefix: false },
    ]);
    expect(queryTerms('本')).toEqual([{ text: '本', prefix: false }]);
    expect(queryTerms('"AND" OR NOT *')).toEqual([
      { text: 'and', prefix: true },
      { text: 'or', prefix: true },
      { text: 'not', prefix: true },
    ]);
    expect(queryTerms('dup dup DUP')).toHaveLength(1);
    expect(queryTerms(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))).toHaveLength(SEARCH_TERMS_MAX);
    expect(queryTerms('*** ^^^ ...')).toEqual([]);
  });

  it('writes both query languages from terms alone: quoted strings and lexemes, nothing else', () => {
    const terms = queryTerms('near(x) kind:question');
    expect(fts5Query(terms, 'search_text')).toBe('search_text : ("near"* AND "x" AND "kind"* AND "question"*)');
    expect(tsQuery(terms)).toBe("'near':* & 'x' & 'kind':* & 'question':*");
  });

  it('splits usernames into their parts and keeps the whole name', () => {
    expect(usernameText('Ada_Lovelace').split(' ')).toEqual(['adalovelace', 'ada', 'lovelace']);
    expect(usernameText('GraceHopper1906').split(' ')).toEqual(expect.arrayContaining(['gracehopper1906', 'grace', 'hopper', '1906']));
    expect(usernameText('member000123').split(' ')).toEqual(['member000123', 'member', '000123']);
  });
});

describe('picture fingerprints', () => {
  it('move a few bits for a re-encoded, resized or slightly cropped copy, about half of them for another picture', async () => {
    const original = await picturePng(5);
    const base = await fingerprintImage(original);
    for (const copy of [await resizedJpegCopy(original), await resizedJpegCopy(original, 120), await sharp(original).webp().toBuffer()]) {
      const other = await fingerprintImage(copy);
      expect(hammingDistance(base.hash, other.hash)).toBeLessThanOrEqual(4);
      expect(colorDistance(base.color, other.color)).toBeLessThan(16);
    }
    const { width = 0, height = 0 } = await sharp(original).metadata();
    const rightCut = await sharp(original)
      .extract({ left: 0, top: 0, width: Math.round(width * 0.95), height })
      .jpeg()
      .toBuffer();
    for (const copy of [await croppedCopy(original, 0.02), rightCut]) {
      expect(hammingDistance(base.hash, (await fingerprintImage(copy)).hash)).toBeLessThanOrEqual(IMAGE_MATCH_DISTANCE);
    }
    for (let seed = 6; seed < 16; seed++)
      expect(hammingDistance(base.hash, (await fingerprintImage(await picturePng(seed))).hash)).toBeGreaterThan(IMAGE_MATCH_DISTANCE + 2);
  });

  it('gives every flat picture the same hash, told apart by its colour', async () => {
    const flat = (background: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .png()
        .toBuffer();
    const [blue, red] = [await fingerprintImage(await flat('#336699')), await fingerprintImage(await flat('#993366'))];
    expect(blue.hash).toBe(red.hash);
    expect(colorDistance(blue.color, red.color)).toBeGreaterThan(48);
  });

  it('finds every hash within 11 bits through its bands: some band is within 2 bits (the 137 values probed)', () => {
    expect(new Set(nearBandValues(0xabcd)).size).toBe(137);
    const hash = 'f0e1d2c3b4a59687';
    // 11 bits flipped, spread over the four bands as evenly as possible (3, 3, 3, 2).
    let flipped = BigInt(`0x${hash}`);
    for (const bit of [0, 1, 2, 16, 17, 18, 32, 33, 34, 48, 49]) flipped ^= 1n << BigInt(bit);
    const other = flipped.toString(16).padStart(16, '0');
    expect(hammingDistance(hash, other)).toBe(11);
    const found = bandsOf(other).some((band, i) => nearBandValues(bandsOf(hash)[i]).includes(band));
    expect(found).toBe(true);
  });
});

describe('relevance', () => {
  it('counts each term in each field, a short text above a long one, a weighted field above the rest', () => {
    const terms = queryTerms('soup');
    const often = relevance(terms, [{ text: 'soup soup soup', weight: 1 }]);
    const once = relevance(terms, [{ text: 'soup and then a long sentence about many other things besides lunch today', weight: 1 }]);
    const short = relevance(terms, [{ text: 'soup tonight', weight: 1 }]);
    expect(often).toBeGreaterThan(short);
    expect(short).toBeGreaterThan(once);
    expect(relevance(queryTerms('sou'), [{ text: 'soups', weight: 1 }])).toBeGreaterThan(0);
    expect(
      relevance(terms, [
        { text: 'soup', weight: 3 },
        { text: '', weight: 1 },
      ]),
    ).toBeGreaterThan(
      relevance(terms, [
        { text: '', weight: 3 },
        { text: 'soup', weight: 1 },
      ]),
    );
  });

  it('ranks a window: an exact name first, then relevance, then the newest', () => {
    const at = (s: number) => `2025-01-01T00:00:0${s}.000Z`;
    const hits: Hit[] = [
      { sid: 4, id: 'a', texts: ['soup'], createdAt: at(1) },
      { sid: 3, id: 'b', texts: ['soup soup'], createdAt: at(2) },
      { sid: 2, id: 'c', texts: ['soup'], createdAt: at(3) },
      { sid: 1, id: 'd', texts: ['soupy'], createdAt: at(0), exact: true },
    ];
    expect(rank(hits, queryTerms('soup')).map((h) => h.id)).toEqual(['d', 'b', 'c', 'a']);
  });
});

describe('search windows', () => {
  const hits = (n: number, from = 1000): Hit[] =>
    Array.from({ length: n }, (_, i) => ({
      sid: from - i,
      id: `p${from - i}`,
      texts: [`soup ${'soup '.repeat(i % 7)}`.trim()],
      createdAt: `2025-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
    }));
  const order = (window: Hit[]) => rank(window, queryTerms('soup'));

  it('ranks a window by relevance, pins its bound and moves on to the next window when it is used up', () => {
    const first = pageOfWindow(hits(SEARCH_WINDOW + 1), { before: null, offset: 0 }, 10, order);
    expect(first).toMatchObject({ count: SEARCH_WINDOW, countIsFloor: true, nextCursor: '1001.10' });
    expect(first.ids).toHaveLength(10);
    const last = pageOfWindow(hits(SEARCH_WINDOW + 1), { before: 1001, offset: SEARCH_WINDOW - 10 }, 10, order);
    expect(last.nextCursor).toBe(`${1000 - SEARCH_WINDOW + 1}.0`);
    const small = pageOfWindow(hits(15), { before: null, offset: 10 }, 10, order);
    expect(small).toMatchObject({ count: 15, countIsFloor: false, nextCursor: null });
    expect(small.ids).toHaveLength(5);
    expect(pageOfWindow([], { before: null, offset: 0 }, 10, order)).toEqual({ ids: [], nextCursor: null, count: 0, countIsFloor: false });
  });
});
