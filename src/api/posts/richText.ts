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
/** A username's length, as sign-up allows it (src/api/auth/schemas.ts). */
const USERNAME_MIN = 3;
const USERNAME_MAX = 30;
/** How many characters of a link are shown, the '…' included. */
export const URL_DISPLAY_MAX = 30;

/**
 * What the tokenizer did, for the tests and the benchmark: texts tokenized, and characters read
 * (each step adds the characters it looked at, those a pattern or URL parsing read included).
 * `reads` stays within a small multiple of the text's length whatever the text is.
 */
export const tokenizerWork = { texts: 0, reads: 0 };

// The tokenizer reads the text once, left to right, in linear time: every candidate start ('#',
// '@', 'http(s)://', 'www.') is checked by its own rule, and no rule reads past what it must. Two
// things are shared between link candidates instead of being read again for each: where the run of
// non-space characters they may extend to ends, and the punctuation at that run's end. The patterns
// below read one character or one run of a single class: none can backtrack.
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
const NOT_BEFORE_URL = /[\p{L}\p{M}\p{N}_@./-]/u;
// A link: scheme or 'www.', host, optional port, then a path, query or fragment up to a space. '<',
// '>' and '"' end it too: they are never part of a link someone typed, and often of markup around it.
const URL_START = /https?:\/\/|www\./iy;
const HOST = /[\p{L}\p{N}\-.]+/uy;
const URL_STOP = /[\s<>"]/g;
// Sentence punctuation after a link is not part of it ('see https://example.com.'), nor a closing
// bracket that closes nothing inside the link.
const TRAILING_PUNCTUATION = new Set([...'.,:;!?\'"*~…。、，！？：；'].map((char) => char.charCodeAt(0)));
const punctuation = (code: number) => TRAILING_PUNCTUATION.has(code);
// The brackets, by code: '(' 40, ')' 41, '[' 91, ']' 93, '{' 123, '}' 125.
const closing = (code: number) => code === 41 || code === 93 || code === 125;
const trimmable = (code: number) => punctuation(code) || closing(code);

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

// Characters 0x80-0xFF and none above: the strings Node 20's optimised URL.canParse misreads.
// eslint-disable-next-line no-control-regex -- U+0000 to U+00FF is the very range meant
const LATIN1_ONLY = /^[\x00-\xff]*[\x80-\xff][\x00-\xff]*$/;

/**
 * Whether the scheme and authority parse (the path, query and fragment of a web address always do),
 * without throwing. Node 20's optimised URL.canParse misreads strings of Latin-1 characters only
 * ('http://é.a' is refused once warm); a fragment with a character beyond Latin-1, which cannot
 * make an address fail, has such a string read the other way.
 */
function parses(href: string): boolean {
  if (typeof URL.canParse === 'function') return URL.canParse(LATIN1_ONLY.test(href) ? `${href}#\u0100` : href);
  try {
    new URL(href);
    return true;
  } catch {
    return false;
  }
}

/** One text being tokenized: the readers, and what link candidates share. */
class Scan {
  /** The run [runFrom, runTo) holds no link stop; runTo is a stop or the end. */
  private runFrom = -1;
  private runTo = -1;
  /** Where the trimmable characters at the end of the current run start (-1: not read yet). */
  private runTrimFrom = -1;

  /** Authorities already checked in this text: a run repeating one that fails is parsed once. */
  private readonly parsed = new Map<string, boolean>();

  constructor(private readonly text: string) {}

  private parses(authority: string): boolean {
    let ok = this.parsed.get(authority);
    if (ok === undefined) this.parsed.set(authority, (ok = parses(authority)));
    return ok;
  }

  readAt(at: number): TextToken | null {
    const char = this.text[at];
    if (char === '#') return this.readHashtag(at);
    if (char === '@') return this.readMention(at);
    if (char === 'h' || char === 'H' || char === 'w' || char === 'W') return this.readUrl(at);
    return null;
  }

  private readHashtag(at: number): TextToken | null {
    const { text } = this;
    if (NOT_BEFORE_HASHTAG.test(charBefore(text, at))) return null;
    HASHTAG_BODY.lastIndex = at + 1;
    const body = HASHTAG_BODY.exec(text)?.[0];
    tokenizerWork.reads += 2 * (body?.length ?? 0);
    if (!body || !LETTER.test(body) || [...body].length > HASHTAG_MAX) return null;
    return { kind: 'hashtag', text: `#${body}`, tag: normaliseTag(body) };
  }

  private readMention(at: number): TextToken | null {
    const { text } = this;
    if (NOT_BEFORE_MENTION.test(charBefore(text, at))) return null;
    USERNAME_RUN.lastIndex = at + 1;
    const run = USERNAME_RUN.exec(text)?.[0];
    tokenizerWork.reads += run?.length ?? 0;
    if (!run || NOT_AFTER_MENTION.test(charAt(text, at + 1 + run.length))) return null;
    // '@ada.' ends a sentence: the dots are not part of the name.
    let length = run.length;
    while (length > 0 && run[length - 1] === '.') length -= 1;
    tokenizerWork.reads += run.length - length;
    if (length < USERNAME_MIN || length > USERNAME_MAX) return null;
    const username = run.slice(0, length);
    return { kind: 'mention', text: `@${username}`, username };
  }

  /** The end of the run of non-stop characters `from` is in (`from` is not a stop). */
  private runEnd(from: number): number {
    if (from >= this.runFrom && from < this.runTo) return this.runTo;
    URL_STOP.lastIndex = from;
    const stop = URL_STOP.exec(this.text);
    this.runFrom = from;
    this.runTo = stop ? stop.index : this.text.length;
    this.runTrimFrom = -1;
    tokenizerWork.reads += this.runTo - from;
    return this.runTo;
  }

  /** Where the trimmable characters ending the current run start. */
  private runTrimStart(): number {
    if (this.runTrimFrom < 0) {
      let from = this.runTo;
      while (from > 0 && trimmable(this.text.charCodeAt(from - 1))) from -= 1;
      tokenizerWork.reads += this.runTo - from + 1;
      this.runTrimFrom = from;
    }
    return this.runTrimFrom;
  }

  private readUrl(at: number): TextToken | null {
    const { text } = this;
    if (NOT_BEFORE_URL.test(charBefore(text, at))) return null;
    URL_START.lastIndex = at;
    const start = URL_START.exec(text)?.[0];
    if (!start) return null;
    const www = start.length === 4;
    HOST.lastIndex = at + start.length;
    const hostMatch = HOST.exec(text)?.[0];
    if (!hostMatch) return null;
    tokenizerWork.reads += start.length + hostMatch.length;
    const hostEnd = at + start.length + hostMatch.length;
    let authorityEnd = hostEnd;
    if (text[hostEnd] === ':') {
      let digits = 0;
      while (digits < 5 && isDigit(text.charCodeAt(hostEnd + 1 + digits))) digits += 1;
      if (digits > 0) authorityEnd = hostEnd + 1 + digits;
    }
    const hasPath = authorityEnd < text.length && '/?#'.includes(text[authorityEnd]);
    const end = hasPath ? this.runEnd(authorityEnd) : authorityEnd;
    // Sentence punctuation and unmatched closing brackets come off the end. Brackets only occur in
    // the path; when the path is nothing else, trimming goes on into the host (its final dots).
    const trimFrom = hasPath ? Math.max(this.runTrimStart(), authorityEnd) : authorityEnd;
    let until = trimFrom;
    if (trimFrom === authorityEnd) {
      while (until > at && punctuation(text.charCodeAt(until - 1))) until -= 1;
      tokenizerWork.reads += trimFrom - until;
    }
    // The scheme (or 'www.') and the host as they end after trimming: checked before the path is
    // trimmed, since only the path's own characters go there.
    const hostStart = www ? at : at + start.length;
    const authorityUntil = Math.min(until, authorityEnd);
    if (authorityUntil <= at + start.length) return null;
    const host = text.slice(hostStart, Math.min(until, hostEnd));
    // A host of at least two labels: 'www.word' or 'https://word' is more likely a typo than a link.
    if (!/^[^.]+\.[^.]/.test(host) || host.includes('..') || (www && !/^www\.[^.]+\.[^.]/i.test(host))) return null;
    const scheme = www ? 'https://' : start.toLowerCase();
    // What the href starts with: 'www.' stays in it, after the 'https://' it is given.
    const authority = `${scheme}${text.slice(www ? at : at + start.length, authorityUntil)}`;
    tokenizerWork.reads += 2 * authority.length;
    if (!this.parses(authority)) return null;
    const tokenEnd = trimFrom > authorityEnd ? this.trimPath(at, trimFrom, end) : until;
    const candidate = text.slice(at, tokenEnd);
    tokenizerWork.reads += 3 * candidate.length;
    const href = www ? `https://${candidate}` : `${scheme}${candidate.slice(start.length)}`;
    return { kind: 'url', text: candidate, href, display: displayOf(candidate) };
  }

  /**
   * The end of a link [at, end) whose path ends in trimmable characters [trimFrom, end): those
   * come off from the end, a closing bracket only while the link holds more of them than of its
   * opener. Reads the link once.
   */
  private trimPath(at: number, trimFrom: number, end: number): number {
    const { text } = this;
    // Per kind of bracket: its openers less its closers in the link as it stands.
    let round = 0;
    let square = 0;
    let curly = 0;
    for (let index = at; index < end; index++) {
      const code = text.charCodeAt(index);
      if (code === 40) round += 1;
      else if (code === 41) round -= 1;
      else if (code === 91) square += 1;
      else if (code === 93) square -= 1;
      else if (code === 123) curly += 1;
      else if (code === 125) curly -= 1;
    }
    tokenizerWork.reads += end - at;
    let until = end;
    for (; until > trimFrom; until -= 1) {
      const code = text.charCodeAt(until - 1);
      if (punctuation(code)) continue;
      // 'https://en.wikipedia.org/wiki/Foo_(bar)' keeps its ')'; '(see https://example.com)' does not.
      if (code === 41 && round < 0) round += 1;
      else if (code === 93 && square < 0) square += 1;
      else if (code === 125 && curly < 0) curly += 1;
      else break;
    }
    return until;
  }
}

const isDigit = (code: number) => code >= 48 && code <= 57;

function displayOf(url: string): string {
  const bare = url.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  const shown = [...bare.replace(/^([^/?#]+)\/$/, '$1')];
  return shown.length > URL_DISPLAY_MAX ? `${shown.slice(0, URL_DISPLAY_MAX - 1).join('')}…` : shown.join('');
}

/** The form a tag is stored and compared in: '#Café' and '#café' (composed or not) are one tag. */
export function normaliseTag(body: string): string {
  return body.normalize('NFC').toLowerCase();
}

/** The text as tokens; their `text` joined gives back the input exactly. Adjacent plain text is one token. */
export function tokenize(text: string): TextToken[] {
  tokenizerWork.texts += 1;
  tokenizerWork.reads += text.length;
  const scan = new Scan(text);
  const tokens: TextToken[] = [];
  let plainFrom = 0;
  for (let at = 0; at < text.length;) {
    const token = scan.readAt(at);
    if (!token) {
      at += 1;
      continue;
    }
    if (at > plainFrom) tokens.push({ kind: 'text', text: text.slice(plainFrom, at) });
    tokens.push(token);
    at += token.text.length;
    plainFrom = at;
  }
  if (plainFrom < text.length) tokens.push({ kind: 'text', text: text.slice(plainFrom) });
  return tokens;
}

/** What a text holds, from one reading of it: what a save stores and notifies. */
export interface TextEntities {
  /** Its tags, normalised, each once, in order of first appearance. */
  hashtags: string[];
  /** The usernames it mentions, lower-cased, each once, in order of first appearance. */
  mentions: string[];
  /** Its links' hrefs, each once, in order of first appearance. */
  links: string[];
}

/** The text's hashtags, mentions and links, tokenizing it once. */
export function entitiesOf(text: string): TextEntities {
  const hashtags = new Set<string>();
  const mentions = new Set<string>();
  const links = new Set<string>();
  for (const token of tokenize(text)) {
    if (token.kind === 'hashtag') hashtags.add(token.tag);
    else if (token.kind === 'mention') mentions.add(token.username.toLowerCase());
    else if (token.kind === 'url') links.add(token.href);
  }
  return { hashtags: [...hashtags], mentions: [...mentions], links: [...links] };
}

/** The text's tags, normalised, each once, in order of first appearance. */
export const hashtagsOf = (text: string): string[] => entitiesOf(text).hashtags;

/** The usernames the text mentions, lower-cased, each once, in order of first appearance. */
export const mentionsOf = (text: string): string[] => entitiesOf(text).mentions;
