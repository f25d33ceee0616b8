import { SEARCH_TERMS_MAX } from '../../src/api/search';

/**
 * The one folding of text for search, used on both sides: what is indexed (the *_search tables'
 * text, written in the same transaction as the post, member or group) and what is asked. Both
 * databases then only split on spaces (SQLite FTS5's `ascii` tokenizer, PostgreSQL's 'simple'
 * configuration), so SQLite and PostgreSQL find exactly the same words.
 *
 * - Compatibility forms are unified (NFKD: ligatures, full-width letters, superscripts).
 * - Accents are dropped where they are optional marks: Latin, Greek, Cyrillic, Hebrew points and
 *   Arabic harakat ('café' = 'cafe', 'Łódź' = 'lodz', 'שָׁלוֹם' = 'שלום'). Marks that are letters'
 *   vowels elsewhere (Devanagari, Thai, ...) are kept: dropping them would change the word.
 * - Letters without a decomposition get their usual plain spelling (ß -> ss, ø -> o, ł -> l, ...),
 *   then everything is lower-cased (final sigma folded too).
 * - Words are runs of letters, digits and marks; anything else separates them.
 * - Han, Hiragana and Katakana are written without spaces: their runs are indexed as every single
 *   character and every adjacent pair, and a query of two or more such characters asks for its
 *   pairs (a single one for itself), so '日本' is found inside '日本語の本'.
 */

const PLAIN: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŧ: 't',
  Ŧ: 't',
  ς: 'σ',
};
const PLAIN_CHARS = new RegExp(`[${Object.keys(PLAIN).join('')}]`, 'gu');
const OPTIONAL_MARKS = /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Hebrew}\p{Script=Arabic}])\p{M}+/gu;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const UNSPACED_RUN = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)/u;
const UNSPACED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Longer words are cut (PostgreSQL refuses words over 2047 bytes; nobody searches for such). */
const WORD_MAX = 60;

export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(OPTIONAL_MARKS, '$1')
    .replace(PLAIN_CHARS, (char) => PLAIN[char] ?? char)
    .toLowerCase()
    .replace(PLAIN_CHARS, (char) => PLAIN[char] ?? char)
    .normalize('NFC');
}

/** A query term: a word matched exactly, or as the beginning of words (`prefix`). */
export interface SearchTerm {
  text: string;
  prefix: boolean;
}

const cut = (word: string) => [...word].slice(0, WORD_MAX).join('');

/** The words of a text in order; an unspaced run as its characters and pairs (indexing) or pairs only (asking). */
function words(text: string, forQuery: boolean): SearchTerm[] {
  const out: SearchTerm[] = [];
  for (const word of foldText(text).match(WORD) ?? []) {
    for (const part of word.split(UNSPACED_RUN)) {
      if (!part) continue;
      if (!UNSPACED.test(part)) {
        // One character matched as a prefix would match a good part of every index: exact.
        out.push({ text: cut(part), prefix: [...part].length >= 2 });
        continue;
      }
      const chars = [...part];
      if (!forQuery || chars.length === 1) for (const char of chars) out.push({ text: char, prefix: false });
      for (let i = 0; i + 1 < chars.length; i++) out.push({ text: chars[i] + chars[i + 1], prefix: false });
    }
  }
  return out;
}

/** What the index holds for a text: its folded words, separated by single spaces. */
export const indexText = (...texts: string[]): string => texts.flatMap((text) => words(text, false).map((w) => w.text)).join(' ');

/**
 * What the index holds for a username: the name as one word, and its parts (split at dots,
 * underscores, lower-to-upper case and letter-digit changes), so 'ada_lovelace', 'AdaLovelace'
 * and 'ada2024' are found by 'ada', 'lovelace' or '2024' as well as by the whole name.
 */
export function usernameText(username: string): string {
  const parts = username
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2');
  const words = [indexText(username.replace(/[._]/g, '')), indexText(username), indexText(parts)].flatMap((text) => text.split(' '));
  return [...new Set(words)].filter(Boolean).join(' ');
}

/** The terms of a query (all must match), at most SEARCH_TERMS_MAX, each once. Empty: nothing to search for. */
export function queryTerms(query: string): SearchTerm[] {
  const seen = new Set<string>();
  const terms: SearchTerm[] = [];
  for (const term of words(query, true)) {
    const key = `${term.text}${term.prefix ? '*' : ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
    if (terms.length === SEARCH_TERMS_MAX) break;
  }
  return terms;
}

/**
 * A query that is a single letter or digit (not a Han or kana character, which is a word by
 * itself): people and groups answer it as the start of their name (a range on an indexed column,
 * see the search store's `letterWindow`), where the full-text index only knows whole words.
 */
export function singleLetter(query: string): string | null {
  const found = words(query, true);
  if (found.length !== 1 || found[0].prefix || [...found[0].text].length !== 1 || UNSPACED.test(found[0].text)) return null;
  return found[0].text;
}

/** The first text after every text starting with `letter`, in code point order (UTF-8's byte order). */
export const afterLetter = (letter: string): string => String.fromCodePoint(letter.codePointAt(0)! + 1);

/**
 * SQLite FTS5: every term a quoted string (so no word is ever an operator, a column filter or
 * NEAR), `*` for prefixes, all of them required, within `columns` (a column, or `{a b}`). Terms hold only letters,
 * digits and marks, so the quotes never need escaping.
 */
export const fts5Query = (terms: SearchTerm[], columns: string): string =>
  `${columns} : (${terms.map((t) => `"${t.text}"${t.prefix ? '*' : ''}`).join(' AND ')})`;

/** PostgreSQL tsquery text: every term a quoted lexeme (no parsing, no stemming), `:*` for prefixes, all required. */
export const tsQuery = (terms: SearchTerm[]): string => terms.map((t) => `'${t.text}'${t.prefix ? ':*' : ''}`).join(' & ');

/** BM25's constants, and the length (in words) a text counts as average. */
const K1 = 1.2;
const B = 0.75;
const AVERAGE_WORDS = 32;

/**
 * How well a matching text answers the terms (higher is better): BM25's term-frequency part, per
 * term and field (`weight`: a group's name counts more than its description). Every match of a
 * window holds every term, so the terms' rarity (BM25's IDF) would only reweigh terms against
 * each other; it is left out, which also spares the index a count of every document holding each
 * term (what made SQLite's bm25() cost milliseconds for a common word). Computed here from the
 * stored words, the same on SQLite and PostgreSQL.
 */
export function relevance(terms: SearchTerm[], fields: { text: string; weight: number }[]): number {
  let score = 0;
  // Words are single spaces apart: counted and matched where they stand, never split into strings
  // (a window ranks 100 texts of some 30 words per request).
  for (const { text, weight } of fields) {
    if (text === '') continue;
    let words = 1;
    for (let at = text.indexOf(' '); at !== -1; at = text.indexOf(' ', at + 1)) words++;
    const norm = K1 * (1 - B + (B * words) / AVERAGE_WORDS);
    for (const term of terms) {
      let tf = 0;
      for (let at = text.indexOf(term.text); at !== -1; at = text.indexOf(term.text, at + 1)) {
        const end = at + term.text.length;
        if ((at === 0 || text[at - 1] === ' ') && (term.prefix || end === text.length || text[end] === ' ')) tf++;
      }
      if (tf > 0) score += (weight * (tf * (K1 + 1))) / (tf + norm);
    }
  }
  return score;
}
