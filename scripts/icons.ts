/**
 * Draws the app's icons (public/icons) from the favicon's logo with sharp: the sizes Chromium
 * asks of an installable app (192 and 512), a maskable one (the logo inside the safe zone of a
 * full-bleed accent square, so any mask shape keeps it whole) and Apple's touch icon.
 * Run `npx tsx scripts/icons.ts` after changing public/favicon.svg; the PNGs are committed.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const root = join(import.meta.dirname, '..');
const out = join(root, 'public', 'icons');
const logo = readFileSync(join(root, 'public', 'favicon.svg'), 'utf8');
/** The logo's drawing without its rounded background: the maskable icon draws its own square. */
const mark = logo.replace(/<rect[^>]*\/>/, '');
const ACCENT = '#f33e58';

/** The maskable icon: an accent square, the mark scaled into the central 60% (the safe zone is 80%). */
const maskable = mark
  .replace(
    /<svg([^>]*)viewBox="0 0 64 64">/,
    `<svg$1viewBox="0 0 64 64"><rect width="64" height="64" fill="${ACCENT}"/><g transform="translate(12.8 12.8) scale(0.6)">`,
  )
  .replace('</svg>', '</g></svg>');

async function draw(svg: string, size: number, name: string) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(out, name));
  console.log(`public/icons/${name}`);
}

mkdirSync(out, { recursive: true });
await draw(logo, 192, 'icon-192.png');
await draw(logo, 512, 'icon-512.png');
await draw(maskable, 512, 'icon-maskable-512.png');
// Apple's touch icon is drawn square (iOS rounds it itself).
await draw(logo.replace(/rx="16"/, ''), 180, 'apple-touch-icon.png');
