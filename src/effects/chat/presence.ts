import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { clientEvents, serverEvents } from '../../api/socket';
import type { OnlineUsers, WatchPresence } from '../../api/users';
import { presenceMachine, type PresenceEvent } from '../../machines/chat/presence.machine';
import { emitToServer, streamsBus, type Bus, type BusMessage } from '../shell/socket';

/** The socket watches these members' presence; answers who of them is online (refused without a socket). */
export async function watchPresence(watch: WatchPresence, emit: typeof emitToServer = emitToServer): Promise<OnlineUsers> {
  const ack = await emit(clientEvents.watchPresence, watch);
  if (!ack.ok) throw new Error(ack.message ?? 'Presence is not available');
  return { userIds: ack.online ?? [] };
}

/** Bus messages as events of the presence machine. */
export function presenceEventOf(message: BusMessage): PresenceEvent | null {
  switch (message.event) {
    case 'reconnected':
      return { type: 'presence.reconnected' };
    case serverEvents.userOnline:
      return { type: 'presence.changed', userId: message.payload.userId, online: message.payload.online };
    default:
      return null;
  }
}

/** The presence machine on the app's socket and bus (tests hand their own). */
export function presenceLogic({ bus = streamsBus, emit = emitToServer }: { bus?: Bus; emit?: typeof emitToServer } = {}) {
  return presenceMachine.provide({
    actors: {
      watchPresence: fromPromise(({ input }: { input: WatchPresence }) => watchPresence(input, emit)),
      live: fromCallback<EventObject>(({ sendBack }) =>
        bus.subscribe((message) => {
          const event = presenceEventOf(message);
          if (event) sendBack(event);
        }),
      ),
    },
  });
}
