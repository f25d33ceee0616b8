import { POST_TEXT_MAX } from '../../api/constants';
import { POST_BG_COLORS } from '../../api/posts/choices';
import type { Draft, MediaKind, ModalType } from './composer.types';

/** The composer's defaults and what it says about a draft or a file. */

export const DEFAULT_MODAL_TYPE: ModalType = 'createquestion';

export const DEFAULT_BG_COLOR: string = POST_BG_COLORS[0];
export const emptyDraft: Draft = {
  post: '',
  bgColor: DEFAULT_BG_COLOR,
  privacy: 'Public',
  feelings: '',
  gifUrl: '',
  image: '',
  imageAlt: '',
  video: '',
};

/** Client-side checks before reading a file; the server decides by the bytes and its own limits. */
export const MEDIA_RULES: Record<MediaKind, { types: readonly string[]; maxBytes: number; typeError: string; sizeError: string }> = {
  image: {
    types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
    maxBytes: 10 * 1024 * 1024,
    typeError: 'Image must be a JPEG, PNG, GIF or WebP image',
    sizeError: 'Image is too large: the limit is 10 MB',
  },
  video: {
    types: ['video/mp4', 'video/webm'],
    maxBytes: 100 * 1024 * 1024,
    typeError: 'Video must be an MP4 or WebM video',
    sizeError: 'Video is too large: the limit is 100 MB',
  },
};
export const GIF_NOT_HTTPS = 'GIF URL must be an https URL';
export const EMPTY_QUESTION = 'Question must not be empty';
export const tooLong = (what: 'Post' | 'Question') => `${what} must not exceed ${POST_TEXT_MAX} characters`;
export const PUBLISH_FAILED = 'Could not publish. Please try again.';
export const DELETE_FAILED = 'Could not delete the post. Please try again.';
export const READ_FAILED = 'The file could not be read';
/** A new post or question that found no server waits in the outbox (docs/client-offline.md, "Outbox"). */
// Also said when online but behind earlier sends still waiting, or with the server down: not "when you are back online".
export const queuedText = (what: 'post' | 'question') => `Saved on this device: your ${what} will be sent as soon as Stoa can be reached`;
