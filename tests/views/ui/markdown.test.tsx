import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_FEEDBACK_MS } from '../../../src/machines/shell/copyButton.machine';
import type { TextFormat } from '../../../src/api/posts';
import type { MarkdownPlace } from '../../../src/api/posts/markdown';
import { FormattedText } from '../../../src/views/ui/markdown/FormattedText';

/**
 * What members see of a Markdown item (docs/client-formatting.md): each construct of the set, the
 * hashtags, mentions and links inside it, and hostile input that must neither run nor hang.
 */
afterEach(cleanup);

const CLASS = 'text-[15px]';
async function show(text: string, options: { format?: TextFormat; place?: MarkdownPlace } = {}) {
  const { container } = render(<FormattedText text={text} format={options.format ?? 'markdown'} place={options.place} className={CLASS} />);
  // The renderer is a lazy chunk: the first item waits for it to load.
  if ((options.format ?? 'markdown') === 'markdown')
    await waitFor(() => expect(container.querySelector('[data-format="markdown"]')).not.toBeNull(), { timeout: 10_000 });
  return container;
}

/** No element a member could use to run anything or reach outside: scripts, frames, handlers, unsafe links. */
function expectInert(container: HTMLElement) {
  expect(container.querySelector('script, iframe, object, embed, img, style, form, input, svg a')).toBeNull();
  for (const element of container.querySelectorAll('*'))
    for (const attribute of element.attributes) expect(attribute.name.startsWith('on'), `${element.tagName} ${attribute.name}`).toBe(false);
  for (const link of container.querySelectorAll('a')) expect(link.getAttribute('href') ?? '').toMatch(/^(https?:\/\/|mailto:|\/app\/)/);
}

describe('plain text stays plain', () => {
  it('shows an item stored as plain exactly as before: marks as written, line breaks kept, no renderer loaded', async () => {
    const container = await show('a *star* and _under_ `tick`\n# not a heading', { format: 'plain' });
    const paragraph = container.firstElementChild!;
    expect(paragraph.tagName).toBe('P');
    expect(paragraph.className).toContain('whitespace-pre-wrap');
    expect(paragraph.textContent).toBe('a *star* and _under_ `tick`\n# not a heading');
    expect(container.querySelector('em, code, h3, [data-format="markdown"]')).toBeNull();
  });
});

describe('the Markdown set', () => {
  it('renders emphasis, strong and inline code', async () => {
    const container = await show('Some *emphasis*, **strong** and `x = 1`');
    expect(container.querySelector('em')?.textContent).toBe('emphasis');
    expect(container.querySelector('strong')?.textContent).toBe('strong');
    expect(container.querySelector('code')?.textContent).toBe('x = 1');
  });

  it('renders bullet and numbered lists (the first number kept) and block quotes', async () => {
    const container = await show('- one\n- two\n\n3. three\n4. four\n\n> quoted *words*');
    expect([...container.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(container.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect(container.querySelector('blockquote em')?.textContent).toBe('words');
  });

  it('keeps line breaks inside a paragraph', async () => {
    const container = await show('first line\nsecond line');
    expect(container.querySelector('p br')).not.toBeNull();
  });

  it('renders links to the web in a new tab, marked as member content', async () => {
    const container = await show('[the docs](https://example.com/docs) and [mail](mailto:ada@example.com)');
    const link = screen.getByRole('link', { name: 'the docs' });
    expect(link.getAttribute('href')).toBe('https://example.com/docs');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(within(container).getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:ada@example.com');
  });

  it('renders headings in answers only, below the page headings; elsewhere # stays text', async () => {
    const answer = await show('# Idea\n\n## Detail\n\ntext', { place: 'answer' });
    expect(within(answer).getByRole('heading', { level: 3, name: 'Idea' })).toBeTruthy();
    expect(within(answer).getByRole('heading', { level: 4, name: 'Detail' })).toBeTruthy();
    cleanup();
    const post = await show('# Idea');
    expect(post.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    expect(post.textContent).toBe('# Idea');
  });

  it('keeps a fenced code block as written, with its language named, a Copy button, and highlighting', async () => {
    const code = 'def area(r):\n    return 3.14 * r ** 2  # squared';
    const container = await show(`\`\`\`python\n${code}\n\`\`\``);
    const pre = container.querySelector('pre')!;
    expect(pre.textContent).toBe(code);
    expect(pre.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(container.textContent).toContain('python');
    await waitFor(() => expect(pre.querySelector('code[data-highlighted="python"] .hljs-keyword')?.textContent).toBe('def'));
    expect(pre.textContent).toBe(code);
    expect(pre.querySelector('.hljs-comment')?.textContent).toBe('# squared');
  });

  it("copies the block's code as written, shows Copied for the machine's delay, then Copy again", async () => {
    const code = 'for (let i = 0; i < 3; i++) {\n  log(i);\n}';
    const written: string[] = [];
    // jsdom has no clipboard: the browser's API, standing in for the real one Chromium gives the journeys.
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    try {
      await show(`\`\`\`\n${code}\n\`\`\``);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(written).toEqual([code]);
      expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(COPY_FEEDBACK_MS - 1));
      expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('leaves code in a language it does not load plain, and code is never formatted', async () => {
    const container = await show('```brainfuck\n*not emphasis* #notatag $x$\n```');
    const pre = container.querySelector('pre')!;
    expect(pre.textContent).toBe('*not emphasis* #notatag $x$');
    expect(pre.querySelector('em, a, [data-formula]')).toBeNull();
  });

  it('renders inline and display formulas with KaTeX, MathML as their text alternative', async () => {
    const container = await show('Euler: $e^{i\\pi} + 1 = 0$\n\n$$\n\\int_0^1 x^2\\,dx = \\frac{1}{3}\n$$');
    await waitFor(() => expect(container.querySelectorAll('.katex').length).toBe(2));
    const inline = container.querySelector('[data-formula="inline"]')!;
    expect(inline.querySelector('math annotation')?.textContent).toBe('e^{i\\pi} + 1 = 0');
    const display = container.querySelector('[data-formula="display"]')!;
    expect(display.querySelector('.katex-display')).not.toBeNull();
    expect(display.querySelector('math')?.getAttribute('display')).toBe('block');
  });

  it('shows a formula that does not parse as written, with a clear error beside it', async () => {
    const container = await show('Broken: $\\frac{1}{$ and fine: $x$');
    await waitFor(() => expect(container.querySelector('[data-formula="error"]')).not.toBeNull());
    const error = container.querySelector('[data-formula="error"]')!;
    expect(error.querySelector('code')?.textContent).toBe('$\\frac{1}{$');
    expect(error.textContent).toMatch(/Formula error: .+/);
    await waitFor(() => expect(container.querySelector('[data-formula="inline"] .katex')).not.toBeNull());
  });

  it('leaves amounts and a lone $ as text', async () => {
    const container = await show('It costs $5 and $6, or $ 7.');
    expect(container.querySelector('[data-formula]')).toBeNull();
    expect(container.textContent).toBe('It costs $5 and $6, or $ 7.');
  });
});

describe('hashtags, mentions and links inside Markdown', () => {
  it('link in emphasis, lists, quotes and headings as in plain text; link texts are not linked twice', async () => {
    const container = await show(
      '# About #physics\n\n*ask @ada_l* about **#quantum**\n\n- see https://example.com/x\n\n> @grace said #yes\n\n[#notatag @nobody](https://example.org)',
      { place: 'answer' },
    );
    expect(within(container).getByRole('link', { name: '#physics' }).getAttribute('href')).toBe('/app/social/search?q=%23physics');
    expect(container.querySelector('em a')?.getAttribute('href')).toBe('/app/social/profile/ada_l');
    expect(container.querySelector('strong a')?.textContent).toBe('#quantum');
    expect(container.querySelector('li a')?.getAttribute('href')).toBe('https://example.com/x');
    expect([...container.querySelectorAll('blockquote a')].map((a) => a.textContent)).toEqual(['@grace', '#yes']);
    const external = within(container).getByRole('link', { name: '#notatag @nobody' });
    expect(external.getAttribute('href')).toBe('https://example.org');
    expect(external.querySelector('a')).toBeNull();
  });

  it('never links #word, @name or a web address inside inline code or a fenced block: they read as written', async () => {
    const container = await show(
      '#real in text, but `#include <stdio.h>` and `@Override` and `https://example.com/x`\n\n```c\n#define MAX 3 // @ada https://example.org\n```\n\n```\n@grace #tag\n```',
    );
    expect([...container.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['#real']);
    expect([...container.querySelectorAll('code')].slice(0, 3).map((c) => c.textContent)).toEqual([
      '#include <stdio.h>',
      '@Override',
      'https://example.com/x',
    ]);
    const blocks = [...container.querySelectorAll('pre')];
    expect(blocks.map((pre) => pre.textContent)).toEqual(['#define MAX 3 // @ada https://example.org', '@grace #tag']);
    // Highlighting (once loaded) wraps the code in spans, never in links.
    await waitFor(() => expect(blocks[0].querySelector('code[data-highlighted="c"]')).not.toBeNull());
    expect(container.querySelectorAll('pre a')).toHaveLength(0);
    expect(blocks[0].textContent).toBe('#define MAX 3 // @ada https://example.org');
  });
});

describe('hostile input', () => {
  it('shows markup as text: no script, no element with an on* handler', async () => {
    const container = await show('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n*<b onclick="alert(1)">x</b>*');
    expectInert(container);
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it('refuses javascript:, data:, vbscript: and file: links however they are spelt: their text stays', async () => {
    const container = await show(
      [
        '[a](javascript:alert(1))',
        '[b](JAVASCRIPT:alert(1))',
        '[c](java&#115;cript:alert(1))',
        '[d](data:text/html;base64,PHNjcmlwdD4=)',
        '[e](vbscript:msgbox)',
        '[f](file:///etc/passwd)',
        '[g](<javascript:alert(1)>)',
        '[h]( javascript:alert(1))',
        '[i](//evil.example)',
      ].join('\n\n'),
    );
    expectInert(container);
    expect(container.querySelectorAll('a')).toHaveLength(0);
  });

  it('keeps KaTeX from making links or HTML out of a formula', async () => {
    const container = await show('$\\href{javascript:alert(1)}{x}$ and $\\url{javascript:alert(2)}$ and $\\htmlClass{x}{y}$');
    await waitFor(() => expect(container.querySelectorAll('[data-formula="error"], [data-formula="inline"]').length).toBe(3));
    expectInert(container);
  });

  it('shows 10,000 nested quotes or list levels as written, and the page still renders', async () => {
    const quotes = `${'>'.repeat(10_000)} deep`;
    const container = await show(quotes);
    expect(container.textContent).toBe(quotes);
    cleanup();
    const lists = `${'- '.repeat(10_000)}deep`;
    const listed = await show(lists);
    expect(listed.textContent).toBe(lists);
    cleanup();
    const mixed = `${'> - '.repeat(2_500)}deep`;
    expect((await show(mixed)).textContent).toBe(mixed);
  });

  it('shows a 5,000-character formula as written with a note, without typesetting it', async () => {
    const formula = `$${'x^{2}+'.repeat(833)}1$`;
    expect(formula.length).toBeGreaterThanOrEqual(5_000);
    const container = await show(formula);
    await waitFor(() => expect(container.querySelector('[data-formula="error"]')).not.toBeNull());
    expect(container.querySelector('[data-formula="error"] code')?.textContent).toBe(formula);
    expect(container.textContent).toContain('Formula error: too long to show (over 2,000 characters)');
    expectInert(container);
  });

  it('typesets a long formula under the limit', async () => {
    const formula = `${'\\frac{1}{x}+'.repeat(60)}1`;
    const container = await show(`$$${formula}$$`);
    await waitFor(() => expect(container.querySelector('[data-formula="display"] .katex')).not.toBeNull(), { timeout: 10_000 });
    expectInert(container);
  });

  it('leaves unbalanced dollars, backticks, brackets and stars as text', async () => {
    const text = '$ unclosed $x and $$ also `tick [link( **bold *em';
    const container = await show(text);
    expect(container.querySelector('[data-formula], code, a, em, strong')).toBeNull();
    expect(container.textContent).toBe(text);
    cleanup();
    const many = '$a '.repeat(1_600);
    expect((await show(many)).textContent).toBe(many.trim());
  });
});
