import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { serverEvents } from '../../api/socket';
import { unreadBadgeMachine, type UnreadBadgeEvent } from '../../machines/shell/unreadBadge.machine';
import { clientOf } from '../shell/api';
import { streamsBus, type Bus, type BusMessage } from '../shell/socket';
import { liveActor } from '../shell/unreadBadge';
import { createChatApi } from '../../api/chat/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'chat' | 'groupChat'>;

const defaultApi: Calls = clientOf(createChatApi);

/**
 * The socket's chat events that may change how many conversations have something unread: a
 * message arrives (private or group) or is withdrawn, a conversation is read (here, in another tab,
 * or by answering it), a group is joined, left or deleted. Each asks the server again, as does a reconnect.
 */
const CHANGES_UNREAD: ReadonlySet<string> = new Set([
  'reconnected',
  serverEvents.messageReceived,
  serverEvents.groupMessageReceived,
  serverEvents.messageRead,
  serverEvents.groupRead,
  serverEvents.messageDeleted,
  serverEvents.groupMessageDeleted,
  serverEvents.groupChatList,
  serverEvents.groupMemberRemoved,
  serverEvents.groupDeleted,
]);

/** Bus messages as events of the chat badge. */
export function chatBadgeEventOf(message: BusMessage): UnreadBadgeEvent | null {
  return CHANGES_UNREAD.has(message.event) ? { type: 'badge.refresh' } : null;
}

/** The Chat nav item's unread badge (app child 'chatBadge'): GET /chat/message/unread-count, again on each chat change. */
export function chatBadgeLogic({ api = defaultApi, bus = streamsBus }: { api?: Calls; bus?: Bus } = {}) {
  return unreadBadgeMachine.provide({
    actors: {
      loadCount: fromPromise(() => api.chat.unreadCount()),
      live: liveActor(bus, chatBadgeEventOf),
    },
  });
}
