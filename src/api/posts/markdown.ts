import MarkdownIt, { type MarkdownIt as MarkdownParser, type StateBlock, type StateInline, type Token } from 'markdown-it';

/**
 * The Markdown members may write (docs/client-formatting.md), parsed one way for the client (which
 * renders the tokens as React elements) and the server (which indexes their plain text for search).
 * A small set of CommonMark: emphasis, strong, inline code, fenced code, lists, block quotes and
 * links, headings in answers only, and `$...$` / `$$...$$` mathematics. No raw HTML (`html: false`),
 * no images, no tables, no indented code (four spaces at a line's start stay text): what is not in
 * the set is shown as written. Bounded: nesting deeper than MARKDOWN_MAX_NESTING is not formatted.
 */

/** Block quotes and lists nest at most this deep; a deeper text is shown as written (see `parseMarkdown`). */
export const MARKDOWN_MAX_NESTING = 20;

/**
 * Longer formulas are shown as written (with a note), not typeset: KaTeX takes about a second and
 * writes over half a megabyte of HTML for 5,000 characters, on every screen that shows them.
 */
export const FORMULA_MAX = 2000;

/** Where the text is: headings are an answer's (a long explanation), not a post's, question's or comment's. */
export type MarkdownPlace = 'answer' | 'other';

/** The only link schemes kept: anything else (javascript:, data:, vbscript:, file:...) stays text. */
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

const DOLLAR = 0x24;
const BACKSLASH = 0x5c;
const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/**
 * `$...$` (inline) and `$$...$$` (display, within a line) as a `math_inline` token. An opening `$`
 * is followed by a non-space, a closing one follows a non-space and is followed by no digit (and neither touches another `$`), so
 * amounts ("$5 and $6") and a lone `$` stay text. `\$` is a dollar sign.
 */
/** Per inline run: from where on no `$` and no `$$` closes, and the run's end it was found for. */
const unclosed = new WeakMap<StateInline, [number | undefined, number | undefined, number]>();

function mathInline(state: StateInline, silent: boolean): boolean {
  const { src, posMax } = state;
  const pos = state.pos;
  if (src.charCodeAt(pos) !== DOLLAR) return false;
  const display = src.charCodeAt(pos + 1) === DOLLAR;
  const marker = display ? '$$' : '$';
  const start = pos + marker.length;
  if (start >= posMax || (!display && isSpace(src.charCodeAt(start)))) return false;
  // Whether a `$` closes depends on its own neighbours only, never on the opener: once a search
  // from some point found no closer, none after it does either. Unclosed `$`s then cost one pass.
  const known = unclosed.get(state);
  const from = known?.[marker === '$' ? 0 : 1];
  if (known && known[2] === posMax && from !== undefined && from <= start) return false;
  let end = start;
  for (;;) {
    end = src.indexOf(marker, end);
    if (end === -1 || end >= posMax) {
      const next: [number | undefined, number | undefined, number] = known && known[2] === posMax ? known : [undefined, undefined, posMax];
      next[marker === '$' ? 0 : 1] = start;
      unclosed.set(state, next);
      return false;
    }
    const before = src.charCodeAt(end - 1);
    const after = src.charCodeAt(end + 1);
    const closes = before !== BACKSLASH && (display || (!isSpace(before) && before !== DOLLAR && after !== DOLLAR && !isDigit(after)));
    if (closes && end > start) break;
    end += 1;
  }
  if (!silent) {
    const token = state.push('math_inline', 'math', 0);
    token.content = src.slice(start, end);
    token.markup = marker;
  }
  state.pos = end + marker.length;
  return true;
}

/** Per block run: the first `$$` line from which no closing line was found up to the text's end. */
const noClosingLine = new WeakMap<StateBlock, number>();

/** A `$$` line opens display mathematics, up to the line that ends with `$$` (the same line too). */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  let pos = state.bMarks[startLine]! + state.tShift[startLine]!;
  let max = state.eMarks[startLine]!;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  if (state.src.slice(pos, pos + 2) !== '$$') return false;
  const first = state.src.slice(pos + 2, max).trim();
  let last = startLine;
  let body: string;
  if (first.length >= 2 && first.endsWith('$$')) body = first.slice(0, -2);
  else {
    // As for inline `$`: a search that reached the end finds nothing for any later `$$` line either.
    const none = noClosingLine.get(state);
    if (none !== undefined && none <= startLine) return false;
    let closing = -1;
    let line = startLine + 1;
    for (; line < endLine; line++) {
      pos = state.bMarks[line]! + state.tShift[line]!;
      max = state.eMarks[line]!;
      if (pos < max && state.sCount[line]! < state.blkIndent) break;
      if (state.src.slice(pos, max).trimEnd().endsWith('$$')) {
        closing = line;
        break;
      }
    }
    if (closing === -1) {
      if (line === endLine && endLine === state.lineMax) noClosingLine.set(state, startLine);
      return false;
    }
    last = closing;
    const middle = state.getLines(startLine + 1, closing, state.blkIndent, false);
    const end = state.src
      .slice(state.bMarks[closing]! + state.tShift[closing]!, state.eMarks[closing]!)
      .trimEnd()
      .slice(0, -2);
    body = [first, middle, end].join('\n');
  }
  if (body.trim() === '') return false;
  if (silent) return true;
  state.line = last + 1;
  const token = state.push('math_block', 'math', 0);
  token.block = true;
  token.content = body.trim();
  token.markup = '$$';
  token.map = [startLine, state.line];
  return true;
}

function build(place: MarkdownPlace): MarkdownParser {
  // 'zero' enables nothing but paragraphs and text; the set is switched on by name.
  const md = new MarkdownIt('zero', { html: false, linkify: false, breaks: true, maxNesting: MARKDOWN_MAX_NESTING });
  md.enable(['fence', 'list', 'blockquote', 'emphasis', 'backticks', 'link', 'newline', 'escape']);
  if (place === 'answer') md.enable('heading');
  md.validateLink = (url) => SAFE_LINK.test(url.trim());
  md.inline.ruler.after('escape', 'math_inline', mathInline);
  md.block.ruler.after('fence', 'math_block', mathBlock, { alt: ['paragraph', 'blockquote', 'list'] });
  return md;
}

const parsers: Partial<Record<MarkdownPlace, MarkdownParser>> = {};
const parserFor = (place: MarkdownPlace) => (parsers[place] ??= build(place));

/**
 * The tokens of a text, or null when it nests deeper than MARKDOWN_MAX_NESTING (markdown-it stops
 * reading at that depth, so what lies past it would be lost: the text is then shown as written).
 */
export function parseMarkdown(text: string, place: MarkdownPlace): Token[] | null {
  const tokens = parserFor(place).parse(text, {});
  for (const token of tokens) if (token.level >= MARKDOWN_MAX_NESTING - 1) return null;
  return tokens;
}

/**
 * A server write reads one text twice (its search words and its tags and mentions, in the same
 * save): the last text's tokens are kept, so the second read does not parse it again. Read only.
 */
let lastRead: { text: string; place: MarkdownPlace; tokens: Token[] | null } | null = null;
function readTokens(text: string, place: MarkdownPlace): Token[] | null {
  if (lastRead?.text !== text || lastRead.place !== place) lastRead = { text, place, tokens: parseMarkdown(text, place) };
  return lastRead.tokens;
}

/**
 * What a Markdown text says, without its marks: words, link texts, code as written and formulas
 * as written. Search indexes this (server/core/searchIndex.ts), so a function name in a code
 * block or a symbol in a formula is found.
 */
export function markdownPlainText(text: string, place: MarkdownPlace = 'answer'): string {
  const tokens = readTokens(text, place);
  if (!tokens) return text;
  const out: string[] = [];
  for (const token of tokens) {
    if (token.type === 'fence' || token.type === 'math_block') out.push(token.content);
    else if (token.type === 'inline')
      for (const child of token.children ?? []) {
        if (child.type === 'text' || child.type === 'code_inline' || child.type === 'math_inline') out.push(child.content);
        else if (child.type === 'softbreak' || child.type === 'hardbreak') out.push('\n');
      }
    if (token.block && token.nesting !== 1) out.push('\n');
  }
  return out
    .join(' ')
    .replace(/[ \t]*\n[ \t\n]*/g, '\n')
    .trim();
}

/**
 * The runs of a Markdown text that the renderer reads hashtags, mentions and web addresses in
 * (src/views/ui/markdown/Markdown.tsx: every text run outside a link; never code, a formula or a
 * link's own text), one a line. The server takes a Markdown item's tags and mentions from this, so
 * `#include` or `@Override` in code is neither a tag nor a mention, exactly as it is not a link. A
 * text nested too deep to parse is shown as written, so all of it counts.
 */
export function markdownLinkableText(text: string, place: MarkdownPlace): string {
  const tokens = readTokens(text, place);
  if (!tokens) return text;
  const runs: string[] = [];
  for (const token of tokens) {
    if (token.type !== 'inline') continue;
    let inLink = 0;
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') inLink++;
      else if (child.type === 'link_close') inLink = Math.max(0, inLink - 1);
      else if (child.type === 'text' && inLink === 0) runs.push(child.content);
    }
  }
  return runs.join('\n');
}

export type { Token as MarkdownToken };
