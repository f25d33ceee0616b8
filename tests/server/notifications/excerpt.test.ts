import { describe, expect, it } from 'vitest';
import { EXCERPT_MAX, excerptOf } from '../../../server/modules/notifications/excerpt';

describe("an inbox entry's excerpt of a post", () => {
  it('keeps a short text whole, on one line', () => {
    expect(excerptOf('  Sunrise\n\nover   the bay ')).toBe('Sunrise over the bay');
  });

  it('cuts a long text at the last word boundary before the limit, never inside a word', () => {
    expect(excerptOf('one two three four', 12)).toBe('one two…');
    expect(excerptOf('Harbour light #cats', 17)).toBe('Harbour light…');
    // The limit falls just before a space: the whole word stays.
    expect(excerptOf('abc defg hij', 9)).toBe('abc defg…');
    // No trailing punctuation before the ellipsis.
    expect(excerptOf('Hello, world and more', 10)).toBe('Hello…');
    const long = 'word '.repeat(100);
    expect(Array.from(excerptOf(long)).length).toBeLessThanOrEqual(EXCERPT_MAX);
    expect(excerptOf(long).endsWith('word…')).toBe(true);
  });

  it('cuts inside a run with no space (a long link), and never halves an emoji', () => {
    const link = `https://example.com/${'a'.repeat(300)}`;
    expect(Array.from(excerptOf(link)).length).toBe(EXCERPT_MAX);
    expect(excerptOf('🙂'.repeat(10), 5)).toBe('🙂🙂🙂🙂…');
  });
});
