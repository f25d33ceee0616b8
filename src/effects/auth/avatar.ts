import { DEFAULT_AVATAR_COLOR } from '../../api/constants';
import { AVATAR_COLORS } from '../../api/users/avatarColors';

export const AVATAR_SIZE = 200;
export const AVATAR_FONT = '80px sans-serif';

export interface Avatar {
  avatarColor: string;
  /** A 200x200 PNG data URL. */
  avatarImage: string;
}

/** A random colour of the 19-colour palette (the default when the palette yields nothing). */
export function pickAvatarColor(random: () => number = Math.random): string {
  return AVATAR_COLORS[Math.floor(random() * AVATAR_COLORS.length)] ?? DEFAULT_AVATAR_COLOR;
}

/**
 * The sign-up avatar (spec section 3): the uppercase first letter of the username, 80px
 * sans-serif, centred in white on a 200x200 square of a palette colour, as a PNG data URL.
 */
export function createAvatar(
  username: string,
  {
    avatarColor = pickAvatarColor(),
    textColor = '#ffffff',
    doc = globalThis.document,
  }: { avatarColor?: string; textColor?: string; doc?: Document } = {},
): Avatar {
  const canvas = doc.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Could not draw your avatar: this browser has no canvas support');
  context.fillStyle = avatarColor;
  context.fillRect(0, 0, AVATAR_SIZE, AVATAR_SIZE);
  context.font = AVATAR_FONT;
  context.fillStyle = textColor;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(username.trim().charAt(0).toUpperCase(), AVATAR_SIZE / 2, AVATAR_SIZE / 2);
  return { avatarColor, avatarImage: canvas.toDataURL('image/png') };
}
