/**
 * How much of a post's text an inbox entry carries. The row shows it in two lines, clamped by the
 * browser at whatever width it has (`line-clamp-2`), so this only bounds the payload: more than two
 * lines hold at any width, never so little that the row ends with room left.
 */
export const EXCERPT_MAX = 240;
/** A cut backs off to the last space only this far; a longer run (a link, a long word) is cut inside it. */
const WORD_BACKOFF = 40;

/**
 * The start of `text` on one line, at most `max` characters (code points, so no emoji is halved),
 * cut at a word boundary with "…" when it is longer: "#c…" never ends an excerpt that had the room
 * for "#cats".
 */
export function excerptOf(text: string, max = EXCERPT_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const head = chars.slice(0, max - 1);
  // The character after the cut is a space: the head already ends at a word's end.
  if (chars[max - 1] === ' ') return `${head.join('').trimEnd()}…`;
  const space = head.lastIndexOf(' ');
  const cut = space >= head.length - WORD_BACKOFF && space > 0 ? head.slice(0, space) : head;
  return `${cut.join('').replace(/[\s.,;:!?-]+$/u, '')}…`;
}
