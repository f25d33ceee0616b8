import type { ChatMessage } from '../../../src/api/chat';

/**
 * The hook for message notifications. A notification (beyond the message itself, which always
 * arrives) goes out only when the receiver's 'messages' setting (spec section 3, Notification
 * settings) is on. There is no settings table yet: every setting counts as on (the spec's
 * default). HOOK: when the profiles/settings work adds one, replace `messagesEnabled` with a read
 * of the receiver's 'messages' toggle, and `deliver` with the notifications module's sender.
 */
export interface MessageNotifier {
  messagesEnabled(userId: string): Promise<boolean>;
  deliver(userId: string, message: ChatMessage): Promise<void>;
}

export const defaultMessageNotifier: MessageNotifier = {
  messagesEnabled: async () => true,
  deliver: async () => undefined,
};

export async function notifyMessage(notifier: MessageNotifier, userId: string, message: ChatMessage): Promise<void> {
  if (await notifier.messagesEnabled(userId)) await notifier.deliver(userId, message);
}
