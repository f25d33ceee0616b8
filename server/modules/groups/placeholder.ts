import { AVATAR_COLORS } from '../../../src/api/users/avatarColors';
import { letterAvatarPng } from '../../media/letterAvatar';
import type { MediaStorage } from '../../media/storage';

/**
 * A group's colour, one of the avatar palette, drawn from its id: the same group always gets the
 * same colour, and groups spread over the palette instead of sharing one tile.
 */
export function placeholderColor(groupId: string): string {
  let hash = 0;
  for (const char of groupId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length]!;
}

/**
 * The spec's "default placeholder image url" of a group created without an image: the letter
 * avatar of its name on its colour (media/letterAvatar.ts, as for members), stored as an image
 * Stoa serves like any upload.
 */
export async function drawPlaceholder(media: Pick<MediaStorage, 'saveImage'>, group: { id: string; name: string }) {
  return media.saveImage(await letterAvatarPng(group.name, placeholderColor(group.id)), 'png');
}
