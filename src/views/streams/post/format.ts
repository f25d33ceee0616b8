const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** '3 minutes ago', 'yesterday', 'just now'. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

const channel = (hex: string, at: number) => {
  const value = parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** Black or white, whichever reads better on a post's background colour. */
export function inkOn(bgColor: string): '#000000' | '#ffffff' {
  if (!/^#[0-9a-f]{6}$/i.test(bgColor)) return '#000000';
  const bg = luminance(bgColor);
  return contrast(bg, 0) >= contrast(bg, 1) ? '#000000' : '#ffffff';
}

/** A coloured post background (not the plain first colour, which is the card's own surface). */
export const isColoured = (bgColor: string) => /^#[0-9a-f]{6}$/i.test(bgColor) && bgColor.toLowerCase() !== '#ffffff';
