import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ApiClient } from '../../api/client';
import { serverEvents } from '../../api/socket';
import { unreadBadgeMachine, type UnreadBadgeEvent } from '../../machines/shell/unreadBadge.machine';
import { keptMemberOf } from '../offline/kept';
import { withKept } from '../offline/keptLoad';
import { clientOf } from './api';
import { streamsBus, type Bus, type BusMessage } from './socket';
import { createNotificationsApi } from '../../api/notifications/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'notifications'>;

const defaultApi: Calls = clientOf(createNotificationsApi);

/** Bus messages as events of the unread badge. */
export function badgeEventOf(message: BusMessage): UnreadBadgeEvent | null {
  if (message.event === 'reconnected') return { type: 'badge.refresh' };
  if (message.event === serverEvents.notificationsChanged) return { type: 'badge.count', unreadCount: message.payload.unreadCount };
  if (message.event === serverEvents.notification && message.payload.type === 'inbox')
    return { type: 'badge.count', unreadCount: message.payload.unreadCount };
  return null;
}

/** A bus subscription as a machine's live actor: each message that `eventOf` turns into an event is sent back. */
export const liveActor = <E extends EventObject>(bus: Bus, eventOf: (message: BusMessage) => E | null) =>
  fromCallback<EventObject>(({ sendBack }) =>
    bus.subscribe((message) => {
      const event = eventOf(message);
      if (event) sendBack(event);
    }),
  );

/**
 * The app's unread badge with its real effects. The count is kept for the member (the app's
 * session, read through the badge's own system) and shown offline (src/effects/offline/keptLoad.ts).
 */
export function unreadBadgeLogic({ api = defaultApi, bus = streamsBus }: { api?: Calls; bus?: Bus } = {}) {
  return unreadBadgeMachine.provide({
    actors: {
      loadCount: fromPromise(({ system }) =>
        withKept(
          { member: keptMemberOf({ system }), kind: 'unread', id: 'count' },
          () => api.notifications.unreadCount(),
          (kept) => kept,
        ),
      ),
      live: liveActor(bus, badgeEventOf),
    },
  });
}
