import { arrivalText, TOASTED_KINDS } from '../../api/notifications/notificationWords';
import type { NotificationPayload } from '../../api/socket';
import type { ToastRequest } from '../../machines/shell/toastRequest';

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
