import { AVATAR_SIZE } from './images';
import { sharp } from './imageWork';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * The avatar the client draws at sign-up (src/effects/auth/avatar.ts), drawn on the server: the
 * uppercase first letter of a name, 80px sans-serif, white, centred on a 200x200 square of one
 * palette colour, as PNG bytes. Used where no browser drew one: members who arrive through
 * Google sign-in, and the seed script.
 */
export async function letterAvatarPng(name: string, color: string): Promise<Buffer> {
  const letter = (name.trim().charAt(0) || '?').toUpperCase().replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
  const fill = /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#f33e58';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}">
    <rect width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" fill="${fill}"/>
    <text x="${AVATAR_SIZE / 2}" y="${AVATAR_SIZE / 2}" font-family="sans-serif" font-size="80" fill="#ffffff" text-anchor="middle" dominant-baseline="central">${letter}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The same avatar as a PNG data URL, the shape the sign-up body carries. */
export async function letterAvatarDataUrl(name: string, color: string): Promise<string> {
  return `data:image/png;base64,${(await letterAvatarPng(name, color)).toString('base64')}`;
}
