import type { ProfileImageSnapshot } from './profileImage.machine';

/** What the new picture or cover dialog shows, read from the profileImage machine's snapshot. */

/** Which image is replaced: the profile picture or the cover. */
export const selectImageKind = (s: ProfileImageSnapshot) => s.context.kind;
/** The chosen file, shown before it is uploaded. */
export const selectImagePreview = (s: ProfileImageSnapshot) => s.context.preview;
export const selectImageError = (s: ProfileImageSnapshot) => s.context.error;
export const isUploadingImage = (s: ProfileImageSnapshot) => s.matches('uploading');
