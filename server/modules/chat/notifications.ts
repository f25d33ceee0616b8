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
  settings: Pick<NotificationSettings, 'mutedAmong'>;
  rooms: ChatRooms;
  log: FastifyBaseLogger;
}) {
  const { rooms } = deps;

  /** A failed settings read must not undo a stored, delivered message: it counts as "on", the default. */
  async function muted(userIds: string[]): Promise<Set<string>> {
    try {
      return await deps.settings.mutedAmong('messages', userIds);
    } catch (error) {
      deps.log.warn({ err: error }, 'reading message notification settings failed');
      return new Set();
    }
  }

  const payloadOf = (message: ChatMessage): NotificationPayload => ({ type: 'messages', message });

  return {
    /** A receiver reading the conversation as it arrives (the message is stored read) is not interrupted. */
    async privateMessage(message: ChatMessage): Promise<void> {
      if (message.isRead) return;
      if ((await muted([message.receiverId])).has(message.receiverId)) return;
      rooms.toUsers([message.receiverId], serverEvents.notification, payloadOf(message));
    },

    /** Through the group room, so only sockets of accepted members that are in it hear of it. */
    async groupMessage(message: ChatMessage, audience: string[], excluded: string[]): Promise<void> {
      const receivers = audience.filter((id) => id !== message.senderId && !excluded.includes(id));
      if (receivers.length === 0) return;
      const off = await muted(receivers);
      if (off.size === receivers.length) return;
      rooms.toGroup(message.groupId, serverEvents.notification, payloadOf(message), [message.senderId, ...excluded, ...off]);
    },
  };
}

export type MessageNotifier = ReturnType<typeof createMessageNotifier>;
