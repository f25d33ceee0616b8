import { POST_BG_COLORS } from '../../api/posts/choices';

/** Names of the nine post backgrounds, for screen readers (same order as POST_BG_COLORS). */
export const POST_BG_NAMES: Record<(typeof POST_BG_COLORS)[number], string> = {
  '#ffffff': 'No background',
  '#f44336': 'Red',
  '#e91e63': 'Pink',
  '#2196f3': 'Blue',
  '#9c27b0': 'Purple',
  '#3f51b5': 'Indigo',
  '#00bcd4': 'Cyan',
  '#ff9800': 'Orange',
  '#8bc34a': 'Green',
};

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
};
export const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** The text colour that reads best on a post background (white or black; AA on all nine). */
export function textColorOn(bgColor: string): string {
  return contrast('#ffffff', bgColor) >= contrast('#000000', bgColor) ? '#ffffff' : '#000000';
}

/** Whether a post shows its background: a colour other than the plain one. */
export const isColoured = (bgColor: string) => bgColor !== '' && bgColor.toLowerCase() !== POST_BG_COLORS[0];
