import { selectCanSend, type MessageComposerSnapshot } from './messageComposer.machine';

/** What the message composer shows and whether Send may be pressed, read from its machine's snapshot. */

/** Send may be pressed: there is something to send and no image is still being read. */
export const canSend = selectCanSend;

export const selectBody = (s: MessageComposerSnapshot) => s.context.body;
export const selectGifUrl = (s: MessageComposerSnapshot) => s.context.gifUrl;
export const selectImage = (s: MessageComposerSnapshot) => s.context.image;
export const selectError = (s: MessageComposerSnapshot) => s.context.error;
export const selectGifOpen = (s: MessageComposerSnapshot) => s.matches({ gifPanel: 'open' });
export const selectGifField = (s: MessageComposerSnapshot) => s.context.gifField;
export const selectGifError = (s: MessageComposerSnapshot) => s.context.gifError;
