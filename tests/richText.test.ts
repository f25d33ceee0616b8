import { describe, expect, it } from 'vitest';
import { HASHTAG_MAX, hashtagsOf, mentionsOf, tokenize, URL_DISPLAY_MAX, type TextToken } from '../src/api/posts/richText';

const kinds = (text: string) => tokenize(text).map((token) => [token.kind, token.text]);
const only = <K extends TextToken['kind']>(text: string, kind: K) =>
  tokenize(text).filter((token): token is Extract<TextToken, { kind: K }> => token.kind === kind);
const urls = (text: string) => only(text, 'url');

describe('hashtags', () => {
  it('are # and letters, digits or underscores, normalised to NFC lower case', () => {
    expect(only('Notes on #Physics and #quantum_field', 'hashtag')).toEqual([
      { kind: 'hashtag', text: '#Physics', tag: 'physics' },
      { kind: 'hashtag', text: '#quantum_field', tag: 'quantum_field' },
    ]);
    // 'é' typed as 'e' + combining acute is the same tag as the composed 'é'.
    expect(hashtagsOf('#Cafe\u0301 #café')).toEqual(['café']);
  });

  it('may be in any script', () => {
    expect(hashtagsOf('#café #日本語 #физика #العربية')).toEqual(['café', '日本語', 'физика', 'العربية']);
  });

  it('need a letter: #123 alone is not a tag, #1st is', () => {
    expect(hashtagsOf('#123 #2024 #1st')).toEqual(['1st']);
    expect(kinds('#123')).toEqual([['text', '#123']]);
  });

  it('do not start inside a word, after & (entities) or after #', () => {
    expect(hashtagsOf('a#b 9#b &#39; &#x41; ##b')).toEqual([]);
    expect(kinds('a#b')).toEqual([['text', 'a#b']]);
  });

  it('end before trailing punctuation', () => {
    expect(kinds('#physics. #maths, #art! #why? (#music) #time:')).toEqual([
      ['hashtag', '#physics'],
      ['text', '. '],
      ['hashtag', '#maths'],
      ['text', ', '],
      ['hashtag', '#art'],
      ['text', '! '],
      ['hashtag', '#why'],
      ['text', '? ('],
      ['hashtag', '#music'],
      ['text', ') '],
      ['hashtag', '#time'],
      ['text', ':'],
    ]);
  });

  it(`longer than ${HASHTAG_MAX} characters are not tags`, () => {
    const longest = 'a'.repeat(HASHTAG_MAX);
    expect(hashtagsOf(`#${longest}`)).toEqual([longest]);
    expect(hashtagsOf(`#${longest}b`)).toEqual([]);
    // Counted in characters, not UTF-16 units.
    expect(hashtagsOf(`#${'𝐀'.repeat(HASHTAG_MAX)}`)).toHaveLength(1);
  });

  it('are listed once each, in order of first appearance', () => {
    expect(hashtagsOf('#B #a #b #A #c')).toEqual(['b', 'a', 'c']);
  });
});

describe('mentions', () => {
  it('are @ and a username as typed, listed lower-cased and once each', () => {
    expect(only('Thanks @Ada_L and @bob.smith', 'mention')).toEqual([
      { kind: 'mention', text: '@Ada_L', username: 'Ada_L' },
      { kind: 'mention', text: '@bob.smith', username: 'bob.smith' },
    ]);
    expect(mentionsOf('@Ada @ada @bob @ADA')).toEqual(['ada', 'bob']);
  });

  it('are not e-mail addresses', () => {
    expect(mentionsOf('write to ada@example.com or bob_1@mail.org')).toEqual([]);
    expect(kinds('ada@example.com')).toEqual([['text', 'ada@example.com']]);
  });

  it('do not start after a letter, digit, dot, underscore or @', () => {
    expect(mentionsOf('x@ada 1@ada .@ada _@ada @@ada')).toEqual([]);
  });

  it('drop a trailing dot and end before punctuation', () => {
    expect(kinds('Ask @ada.')).toEqual([
      ['text', 'Ask '],
      ['mention', '@ada'],
      ['text', '.'],
    ]);
    expect(kinds('@ada... @bob, @carol!')).toEqual([
      ['mention', '@ada'],
      ['text', '... '],
      ['mention', '@bob'],
      ['text', ', '],
      ['mention', '@carol'],
      ['text', '!'],
    ]);
  });

  it('have the length usernames may have (3 to 30)', () => {
    expect(mentionsOf(`@ab @abc @${'a'.repeat(30)} @${'a'.repeat(31)}`)).toEqual(['abc', 'a'.repeat(30)]);
  });

  it('are not the start of a longer name that is not a username', () => {
    expect(mentionsOf('@adaé @ada@example.com')).toEqual([]);
  });
});

describe('links', () => {
  it('start with http://, https:// or www. (which gets https://)', () => {
    expect(urls('see http://example.com and https://example.org/x and www.example.net')).toEqual([
      { kind: 'url', text: 'http://example.com', href: 'http://example.com', display: 'example.com' },
      { kind: 'url', text: 'https://example.org/x', href: 'https://example.org/x', display: 'example.org/x' },
      { kind: 'url', text: 'www.example.net', href: 'https://www.example.net', display: 'example.net' },
    ]);
  });

  it('end before whitespace and lose trailing punctuation', () => {
    expect(kinds('Read https://example.com/a?b=1. Then www.example.org/c, or https://example.net/d!\nok')).toEqual([
      ['text', 'Read '],
      ['url', 'https://example.com/a?b=1'],
      ['text', '. Then '],
      ['url', 'www.example.org/c'],
      ['text', ', or '],
      ['url', 'https://example.net/d'],
      ['text', '!\nok'],
    ]);
  });

  it('keep a closing bracket only when it closes one inside the link', () => {
    expect(kinds('(see https://en.wikipedia.org/wiki/Foo_(bar)) and (https://example.com/x).')).toEqual([
      ['text', '(see '],
      ['url', 'https://en.wikipedia.org/wiki/Foo_(bar)'],
      ['text', ') and ('],
      ['url', 'https://example.com/x'],
      ['text', ').'],
    ]);
  });

  it('show without scheme and www., long ones cut with …', () => {
    const [link] = urls('https://www.example.com/a/very/long/path/that/goes/on?x=1');
    expect(link.display).toBe('example.com/a/very/long/path/…');
    expect([...link.display]).toHaveLength(URL_DISPLAY_MAX);
    expect(link.href).toBe('https://www.example.com/a/very/long/path/that/goes/on?x=1');
    expect(urls('https://example.com/')[0].display).toBe('example.com');
  });

  it('need a host with a dot, and a word boundary before them', () => {
    expect(urls('www. www.foo https://word https://. xhttps://example.com ada@www.example.com')).toEqual([]);
  });

  it('keep hashtags and mentions inside them as part of the link', () => {
    expect(kinds('https://example.com/@ada#physics')).toEqual([['url', 'https://example.com/@ada#physics']]);
  });
});

describe('what must stay text', () => {
  it('markup and script stay plain text', () => {
    const attacks = ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '<b>bold</b>', '&lt;b&gt;'];
    for (const attack of attacks) expect(tokenize(attack)).toEqual([{ kind: 'text', text: attack }]);
  });

  it('only http and https ever become hrefs', () => {
    const attempts =
      'javascript:alert(1) JAVASCRIPT:alert(1) data:text/html,<b>x</b> vbscript:x file:///etc/passwd https://javascript:alert(1)';
    expect(urls(attempts)).toEqual([]);
    const hrefs = urls('https://example.com/"onmouseover="alert(1) www.example.com/<script>').map((link) => link.href);
    expect(hrefs).toEqual(['https://example.com/', 'https://www.example.com/']);
    for (const href of hrefs) expect(new URL(href).protocol).toBe('https:');
  });
});

describe('tokenize', () => {
  it('gives back the input when the tokens are joined', () => {
    const samples = [
      '',
      'plain',
      '#physics @ada https://example.com/a/very/long/path?x=1 <b>bold</b>',
      'ada@example.com @ada. #123 #1st a#b &#39; #café #日本語 #физика',
      '(see https://en.wikipedia.org/wiki/Foo_(bar)) and (www.example.com).',
      '👩‍🔬#science 𝐀@ada\n\n  #x\t@abc',
      '#'.repeat(5) + '@'.repeat(5) + 'www.'.repeat(5),
    ];
    for (const text of samples)
      expect(
        tokenize(text)
          .map((token) => token.text)
          .join(''),
      ).toBe(text);
  });

  it('gives back any input, from random strings of the characters that matter', () => {
    const alphabet = [
      '#',
      '@',
      '.',
      ',',
      '(',
      ')',
      ' ',
      '\n',
      'a',
      'Z',
      '1',
      '_',
      'é',
      '日',
      '&',
      'https://',
      'www.',
      'x.com',
      '/',
      '?',
      '"',
      '<',
      '👍',
    ];
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
    for (let round = 0; round < 2000; round++) {
      const text = Array.from({ length: Math.floor(next() * 30) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      const tokens = tokenize(text);
      expect(tokens.map((token) => token.text).join('')).toBe(text);
      // Plain text is merged: never empty, never two in a row.
      tokens.forEach((token, index) => {
        expect(token.text).not.toBe('');
        if (token.kind === 'text') expect(tokens[index + 1]?.kind).not.toBe('text');
        if (token.kind === 'url') expect(token.href).toMatch(/^https?:\/\//);
      });
    }
  });
});
