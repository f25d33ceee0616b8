import { describe, expect, it } from 'vitest';
import { markdownLinkableText, markdownPlainText } from '../src/api/posts/markdown';

// The server reads one text for its search words and its tags in the same save; the second read
// reuses the first's tokens. Whatever the order of texts and places, each answer is the text's own.
describe('the Markdown text readers', () => {
  const code = 'Use `#include` and @ada in [a #link](https://example.com) then #cpp\n\n```\n@root #fenced\n```';
  const heading = '# Title #tag\n\nbody';

  it('give each text its own plain text and linkable runs, read in any order', () => {
    expect(markdownPlainText(code, 'other')).toBe('Use  #include  and @ada in  a #link  then #cpp\n@root #fenced');
    expect(markdownLinkableText(code, 'other')).toBe('Use \n and @ada in \n then #cpp');
    expect(markdownLinkableText(heading, 'answer')).toBe('Title #tag\nbody');
    // The same text in another place is read again: headings are an answer's only.
    expect(markdownLinkableText(heading, 'other')).toBe('# Title #tag\nbody');
    expect(markdownPlainText(heading, 'answer')).toBe('Title #tag\nbody');
    expect(markdownPlainText(code, 'other')).toBe('Use  #include  and @ada in  a #link  then #cpp\n@root #fenced');
  });
});
