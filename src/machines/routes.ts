/** The member area's routes that machines and app-wide effects need, apart from the machines (the sign-in page's chunk stays small). */

/** The chat screen's route (spec section 2); its query names the conversation (username, id, isGroup). */
export const CHAT_HREF = '/app/social/chat/messages';

/** The notifications inbox's route: while it is on screen a new entry shows there, not as a toast. */
export const INBOX_ROUTE = '/app/social/notifications';
