/** The chat screen's route (spec section 2); its query names the conversation (username, id, isGroup). */
export const CHAT_HREF = '/app/social/chat/messages';
