import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entitiesOf, hashtagsOf, mentionsOf, tokenize, tokenizerWork, type TextToken } from '../src/api/posts/richText';
import { tokenize as tokenizeBefore } from './fixtures/richTextBefore';
import { PLAIN_TEXT, WORST_CASES } from './fixtures/richTextWorst';

/**
 * The tokenizer reads any text in time linear in its length (a crafted post must not hold the
 * server's event loop, nor a reader's browser), and gives the tokens it gave before for every text.
 */

// What the rules turn on: starts of tokens, what ends or trims them, brackets, scripts, surrogates.
const PIECES = [
  '#',
  '@',
  '.',
  ',',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ' ',
  '\n',
  'a',
  'Z',
  '1',
  '_',
  'é',
  'e\u0301',
  '日',
  '&',
  ':',
  '80',
  'https://',
  'http://',
  'HTTPS://',
  'www.',
  'WWW.',
  'a.bc',
  'x.com',
  'xn--a.bc',
  '/',
  '?',
  '!',
  '"',
  "'",
  '<',
  '>',
  '-',
  '…',
  '。',
  '👍',
  '𝐀',
  'ſ',
  '\u00a0',
  '#tag',
  '@ada',
  '@ada.',
  'https://a.bc/',
  'www.a.bc',
  ':99999',
  '(x)',
  '~',
  '*',
  'wWw.',
  '0.0.0.0',
  'é.a',
  'ÿ',
];
const piece = fc.constantFrom(...PIECES);
const shortText = fc.oneof(
  fc.array(piece, { maxLength: 40 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 40, unit: 'binary' }),
);

/** Characters read per character of text, at most, whatever the text. */
const READS_PER_CHAR = 12;
const readsOf = (text: string) => {
  const before = tokenizerWork.reads;
  tokenize(text);
  return tokenizerWork.reads - before;
};

function checkTokens(text: string, tokens: TextToken[]) {
  // The tokens cover the text in order: each starts where the one before ended.
  let at = 0;
  for (const [index, token] of tokens.entries()) {
    expect(token.text).not.toBe('');
    expect(text.startsWith(token.text, at)).toBe(true);
    at += token.text.length;
    if (token.kind === 'text') expect(tokens[index + 1]?.kind).not.toBe('text');
    if (token.kind === 'hashtag') expect(token.text.startsWith('#')).toBe(true);
    if (token.kind === 'mention') expect(token.text).toBe(`@${token.username}`);
    if (token.kind === 'url') expect(['http:', 'https:']).toContain(new URL(token.href).protocol);
  }
  expect(at).toBe(text.length);
}

describe('the tokenizer, fuzzed', () => {
  it('gives the tokens the tokenizer gave before, for any short text', () => {
    fc.assert(
      fc.property(shortText, (text) => {
        expect(tokenize(text)).toEqual(tokenizeBefore(text));
      }),
      { numRuns: 4000 },
    );
  });

  it('covers the text in order: the tokens joined give back the input', () => {
    fc.assert(
      fc.property(shortText, (text) => checkTokens(text, tokenize(text))),
      { numRuns: 2000 },
    );
  });

  it('reads a bounded number of characters per character, for texts repeating any pattern', () => {
    // Repeated patterns are what makes a tokenizer super-linear: runs of closers or dots after a
    // link, links that fail inside one run, nested brackets, repeated starts of tags and mentions.
    const repeated = fc.record({
      head: fc.array(piece, { maxLength: 4 }).map((parts) => parts.join('')),
      unit: fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')),
      tail: fc.array(piece, { maxLength: 4 }).map((parts) => parts.join('')),
      times: fc.integer({ min: 50, max: 400 }),
    });
    fc.assert(
      fc.property(repeated, ({ head, unit, tail, times }) => {
        const text = head + unit.repeat(times) + tail;
        const tokens = tokenize(text);
        checkTokens(text, tokens);
        expect(readsOf(text)).toBeLessThanOrEqual(READS_PER_CHAR * text.length + 64);
      }),
      { numRuns: 400 },
    );
  });

  it('takes a Latin-1 host for a link however often it has run (Node 20 misreads them once warm)', () => {
    const links = ['http://é.a', 'www.café.fr/menu', 'https://ÿ.de'];
    for (let round = 0; round < 60_000; round++) {
      for (const link of links) if (tokenize(link)[0].kind !== 'url') expect.fail(`${link} was text at round ${round}`);
    }
  });

  it('finds tags, mentions and links in one reading', () => {
    const before = tokenizerWork.texts;
    const text = 'Notes on #Physics with @Ada_L, see https://example.com/x (today) and #physics.';
    expect(entitiesOf(text)).toEqual({ hashtags: ['physics'], mentions: ['ada_l'], links: ['https://example.com/x'] });
    expect(tokenizerWork.texts - before).toBe(1);
    expect(hashtagsOf(text)).toEqual(['physics']);
    expect(mentionsOf(text)).toEqual(['ada_l']);
  });
});

/** The fastest of a few runs: the least disturbed by anything else on the machine. */
function fastest(text: string): number {
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    tokenize(text);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('the tokenizer on crafted texts', () => {
  // No absolute time: each worst case against ordinary text of the same length, measured in the
  // same run. Linear, they cost about the same (within 3x here); a quadratic tokenizer costs
  // hundreds of times more at 5,000 characters, and thousands at 50,000. The bound is generous so
  // that a busy machine cannot make it fail.
  const RATIO_MAX = 40;
  for (const length of [5_000, 50_000]) {
    it(`reads a worst-case text of ${length} characters about as fast as ordinary text`, () => {
      const plain = PLAIN_TEXT(length);
      tokenize(plain);
      const baseline = Math.max(fastest(plain), 0.05);
      for (const [name, make] of Object.entries(WORST_CASES)) {
        const text = make(length);
        expect(text).toHaveLength(length);
        checkTokens(text, tokenize(text));
        expect(fastest(text) / baseline, name).toBeLessThan(RATIO_MAX);
        expect(readsOf(text), name).toBeLessThanOrEqual(READS_PER_CHAR * length);
      }
    });
  }
});
