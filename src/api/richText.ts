/**
 * Hashtags, mentions and links in what members write: one tokenizer for the client (which renders
 * the tokens as links) and the server (which stores a post's tags and notifies its mentions), so
 * both always agree on what counts. Pure: no DOM, no React. The rules are in docs/client-streams.md
 * ("Text: hashtags, mentions and links").
 */

export type TextToken =
  | { kind: 'text'; text: string }
  /** text '#Physics', tag 'physics' (NFC, lower case). */
  | { kind: 'hashtag'; text: string; tag: string }
  /** text '@ada_l', username 'ada_l' as typed. */
  | { kind: 'mention'; text: string; username: string }
  /** display: without scheme and 'www.', cut to URL_DISPLAY_MAX characters with '…'. */
  | { kind: 'url'; text: string; href: string; display: string };

/** Longer tag bodies are not tags (nobody means them as one, and they would bloat the tag index). */
export const HASHTAG_MAX = 64;
/** A username's length, as sign-up allows it (src/api/auth.ts). */
const USERNAME_MIN = 3;
const USERNAME_MAX = 30;
/** How many characters of a link are shown, the '…' included. */
export const URL_DISPLAY_MAX = 30;

// Where a token may start; each candidate is then checked by its own rule below.
const CANDIDATE = /[#@]|https?:\/\/|www\./giu;
const HASHTAG_BODY = /[\p{L}\p{M}\p{N}_]+/uy;
const LETTER = /\p{L}/u;
// A tag is a word of its own: '&#39;' is an HTML entity, 'a#b' and '##b' are not tags.
const NOT_BEFORE_HASHTAG = /[\p{L}\p{M}\p{N}_&#]/u;
const USERNAME_RUN = /[A-Za-z0-9_.]+/y;
// 'ada@example.com' is an address, not a mention; '@@ada' and '.@ada' are not mentions either.
const NOT_BEFORE_MENTION = /[\p{L}\p{M}\p{N}_.@]/u;
// '@adaé' or '@ada@host' name someone else than 'ada' (or no one here): not a mention.
const NOT_AFTER_MENTION = /[\p{L}\p{M}\p{N}@]/u;
// A link starts a word; after '@' or '.' it is part of an address or a longer name.
const NOT_BEFORE_URL = /[\p{L}\p{M}\p{N}_@.\/\-]/u;
// Scheme or 'www.', host, optional port, then a path, query or fragment up to a space. '<', '>'
// and '"' end it too: they are never part of a link someone typed, and often of markup around it.
const URL_AT = /(?:https?:\/\/|www\.)[\p{L}\p{N}\-.]+(?::\d{1,5})?(?:[/?#][^\s<>"]*)?/iuy;
// Sentence punctuation after a link is not part of it ('see https://example.com.').
const TRAILING_PUNCTUATION = /[.,:;!?'"*~…。、，！？：；]$/u;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** The character (code point) just before `index`, or '' at the start. */
function charBefore(text: string, index: number): string {
  if (index === 0) return '';
  const code = text.charCodeAt(index - 1);
  const lowSurrogate = code >= 0xdc00 && code <= 0xdfff;
  return lowSurrogate && index >= 2 ? text.slice(index - 2, index) : text[index - 1];
}

/** The character (code point) starting at `index`, or '' at the end. */
function charAt(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}

function readHashtag(text: string, at: number): TextToken | null {
  if (NOT_BEFORE_HASHTAG.test(charBefore(text, at))) return null;
  HASHTAG_BODY.lastIndex = at + 1;
  const body = HASHTAG_BODY.exec(text)?.[0];
  if (!body || !LETTER.test(body) || [...body].length > HASHTAG_MAX) return null;
  return { kind: 'hashtag', text: `#${body}`, tag: normaliseTag(body) };
}

function readMention(text: string, at: number): TextToken | null {
  if (NOT_BEFORE_MENTION.test(charBefore(text, at))) return null;
  USERNAME_RUN.lastIndex = at + 1;
  const run = USERNAME_RUN.exec(text)?.[0];
  if (!run || NOT_AFTER_MENTION.test(charAt(text, at + 1 + run.length))) return null;
  // '@ada.' ends a sentence: the dot is not part of the name.
  const username = run.replace(/\.+$/, '');
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) return null;
  return { kind: 'mention', text: `@${username}`, username };
}

function readUrl(text: string, at: number): TextToken | null {
  if (NOT_BEFORE_URL.test(charBefore(text, at))) return null;
  URL_AT.lastIndex = at;
  const matched = URL_AT.exec(text)?.[0];
  if (!matched) return null;
  const candidate = trimUrl(matched);
  const www = /^www\./i.test(candidate);
  const href = www ? `https://${candidate}` : candidate.replace(/^https?:/i, (scheme) => scheme.toLowerCase());
  let parsed: URL;
  try {
    parsed = new URL(href);
  } catch {
    return null;
  }
  // Only web links: the scheme is already http(s) by the pattern; this keeps it so whatever URL parsing does.
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = candidate.replace(/^(?:https?:\/\/)?/i, '').split(/[/?#:]/)[0];
  // A host of at least two labels: 'www.word' or 'https://word' is more likely a typo than a link.
  if (!/^[^.]+\.[^.]/.test(host) || host.includes('..') || (www && !/^www\.[^.]+\.[^.]/i.test(host))) return null;
  return { kind: 'url', text: candidate, href, display: displayOf(candidate) };
}

/** Drops sentence punctuation from the end, and a closing bracket that closes nothing inside the link. */
function trimUrl(url: string): string {
  let trimmed = url;
  for (;;) {
    const last = trimmed.at(-1) ?? '';
    const opener = CLOSERS[last];
    if (TRAILING_PUNCTUATION.test(trimmed)) trimmed = trimmed.slice(0, -1);
    // 'https://en.wikipedia.org/wiki/Foo_(bar)' keeps its ')'; '(see https://example.com)' does not.
    else if (opener && count(trimmed, opener) < count(trimmed, last)) trimmed = trimmed.slice(0, -1);
    else return trimmed;
  }
}

const count = (text: string, char: string) => text.split(char).length - 1;

function displayOf(url: string): string {
  const bare = url.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  const shown = [...bare.replace(/^([^/?#]+)\/$/, '$1')];
  return shown.length > URL_DISPLAY_MAX ? `${shown.slice(0, URL_DISPLAY_MAX - 1).join('')}…` : shown.join('');
}

/** The form a tag is stored and compared in: '#Café' and '#café' (composed or not) are one tag. */
export function normaliseTag(body: string): string {
  return body.normalize('NFC').toLowerCase();
}

function readAt(text: string, at: number): TextToken | null {
  const char = text[at];
  if (char === '#') return readHashtag(text, at);
  if (char === '@') return readMention(text, at);
  return readUrl(text, at);
}

/** The text as tokens; their `text` joined gives back the input exactly. Adjacent plain text is one token. */
export function tokenize(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  let plainFrom = 0;
  const candidates = new RegExp(CANDIDATE.source, CANDIDATE.flags);
  let found: RegExpExecArray | null;
  while ((found = candidates.exec(text))) {
    const token = readAt(text, found.index);
    if (!token) {
      candidates.lastIndex = found.index + 1;
      continue;
    }
    if (found.index > plainFrom) tokens.push({ kind: 'text', text: text.slice(plainFrom, found.index) });
    tokens.push(token);
    plainFrom = found.index + token.text.length;
    candidates.lastIndex = plainFrom;
  }
  if (plainFrom < text.length) tokens.push({ kind: 'text', text: text.slice(plainFrom) });
  return tokens;
}

/** The text's tags, normalised, each once, in order of first appearance. */
export function hashtagsOf(text: string): string[] {
  return unique(tokenize(text).flatMap((token) => (token.kind === 'hashtag' ? [token.tag] : [])));
}

/** The usernames the text mentions, lower-cased, each once, in order of first appearance. */
export function mentionsOf(text: string): string[] {
  return unique(tokenize(text).flatMap((token) => (token.kind === 'mention' ? [token.username.toLowerCase()] : [])));
}

const unique = (values: string[]) => [...new Set(values)];
