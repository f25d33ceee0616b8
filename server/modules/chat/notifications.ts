import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage } from '../../../src/api/chat';
import { serverEvents, type NotificationPayload } from '../../../src/api/socket';
import type { ChatRooms } from '../../realtime/chatRooms';
import type { NotificationSettings } from '../users/notificationSettings';

/**
 * Message notifications: the message itself always arrives (`message received` / `group message
 * received` are sent whatever the settings); this adds the `notification` event for the receivers
 * whose 'messages' setting is on. Runs after those events, so a client never hears of a message
 * it does not have yet.
 */
export function createMessageNotifier(deps: {
  settings: Pick<NotificationSettings, 'mutedInGroup'>;
  rooms: ChatRooms;
  log: FastifyBaseLogger;
}) {
  const { rooms } = deps;

  /** A failed settings read must not undo a stored, delivered message: it counts as "on", the default. */
  async function muted(read: () => Promise<Set<string>>): Promise<Set<string>> {
    try {
      return await read();
    } catch (error) {
      deps.log.warn({ err: error }, 'reading message notification settings failed');
      return new Set();
    }
  }

  const payloadOf = (message: ChatMessage): NotificationPayload => ({ type: 'messages', message });

  return {
    /**
     * A receiver reading the conversation as it arrives (the message is stored read) is not
     * interrupted. `receiverNotified`: the receiver's "messages" setting, which a send reads with
     * the two members (ChatStore.senderAndReceiver).
     */
    privateMessage(message: ChatMessage, receiverNotified: boolean): void {
      if (message.isRead || !receiverNotified) return;
      rooms.toUsers([message.receiverId], serverEvents.notification, payloadOf(message));
    },

    /**
     * Through the group room, so only sockets of accepted members that are in it hear of it; the
     * sender, the members in a block with the sender and those whose setting is off are left out
     * by their own rooms. The cost grows with who turned it off, not with the group's size.
     */
    async groupMessage(message: ChatMessage, excluded: string[]): Promise<void> {
      const off = await muted(() => deps.settings.mutedInGroup('messages', message.groupId));
      rooms.toGroup(message.groupId, serverEvents.notification, payloadOf(message), [message.senderId, ...excluded, ...off]);
    },
  };
}

export type MessageNotifier = ReturnType<typeof createMessageNotifier>;
