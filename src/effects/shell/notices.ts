import { fromCallback } from 'xstate';
import { arrivalText, TOASTED_KINDS } from '../../api/notifications/notificationWords';
import { serverEvents, type NotificationPayload } from '../../api/socket';
import { CHAT_HREF, INBOX_ROUTE } from '../../machines/shell/routes';
import type { ToastRequest } from '../../machines/shell/toastRequest';
import { streamsBus, type Bus } from './socket';

/** The conversation on screen, read from the chat route's query (username, id, isGroup). */
export function openConversation(location: { pathname: string; search: string }): { id: string; isGroup: boolean } | null {
  if (location.pathname !== CHAT_HREF) return null;
  const query = new URLSearchParams(location.search);
  const id = query.get('id');
  return id ? { id, isGroup: query.get('isGroup') === 'true' } : null;
}

/**
 * What the member is told of a `notification` (the server sends it only when their setting of that
 * kind is on): a new inbox entry of a kind in TOASTED_KINDS ("ben started following you"), except
 * while the inbox is on screen; a message, except while that very conversation is on screen, where
 * the message shows anyway.
 */
export function noticeOf(
  payload: NotificationPayload,
  open: { id: string; isGroup: boolean } | null,
  onInbox = false,
): ToastRequest | null {
  switch (payload.type) {
    case 'inbox':
      return onInbox || !TOASTED_KINDS.has(payload.notification.kind)
        ? null
        : { type: 'info', description: arrivalText(payload.notification) };
    case 'messages':
      break;
    default:
      return null;
  }
  const message = payload.message;
  const conversation = message.isGroupChat ? message.groupId : message.senderId;
  if (open && open.isGroup === message.isGroupChat && open.id === conversation) return null;
  return {
    type: 'info',
    description: message.isGroupChat
      ? `New message from ${message.senderUsername} in ${message.groupName}`
      : `New message from ${message.senderUsername}`,
  };
}

/**
 * The app's notices actor: `notification` events from the socket become toasts (which the toast
 * queue also records in the notice list). `where` is the browser location, a fake in tests.
 */
export function noticesLogic(bus: Bus = streamsBus, where: () => { pathname: string; search: string } = () => window.location) {
  return fromCallback(({ system }) =>
    bus.subscribe((message) => {
      if (message.event !== serverEvents.notification) return;
      const location = where();
      const toast = noticeOf(message.payload, openConversation(location), location.pathname === INBOX_ROUTE);
      if (toast) system.get('toasts')?.send({ type: 'toasts.show', toast });
    }),
  );
}
