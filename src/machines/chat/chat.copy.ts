import { CHAT_MESSAGE_MAX } from '../../api/constants';

/** What the chat screen says when something fails. */
export const LIST_FAILED = 'Could not load your conversations.';
export const THREAD_FAILED = 'Could not load this conversation.';
export const SEND_FAILED = 'Message not sent.';
export const ACTION_FAILED = 'That did not work. Please try again.';
export const UPLOAD_FAILED = 'Image not uploaded.';
export const GROUP_GONE = 'You are no longer in this group chat.';
export const NOT_AN_IMAGE = 'Choose an image file';
export const MESSAGE_TOO_LONG = `Message must not exceed ${CHAT_MESSAGE_MAX} characters`;
