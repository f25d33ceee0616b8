import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { serverEvents } from '../../api/socket';
import { inboxMachine, type InboxEvent, type InboxPage } from '../../machines/notifications/inbox.machine';
import { keptMemberOf } from '../offline/kept';
import { withKept } from '../offline/keptLoad';
import { clientOf } from '../shell/api';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { streamsBus, type Bus, type BusMessage } from '../shell/socket';
import { liveActor } from '../shell/unreadBadge';
import { createNotificationsApi } from '../../api/notifications/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'notifications'>;

const defaultApi: Calls = clientOf(createNotificationsApi);

/** Bus messages as events of the inbox page. */
export function inboxEventOf(message: BusMessage): InboxEvent | null {
  if (message.event === 'reconnected') return { type: 'inbox.reconnected' };
  if (message.event === serverEvents.notificationsChanged) return { type: 'inbox.changed', change: message.payload };
  if (message.event === serverEvents.notification && message.payload.type === 'inbox') {
    return { type: 'inbox.arrived', notification: message.payload.notification, unreadCount: message.payload.unreadCount };
  }
  return null;
}

/** The inbox page machine with its real effects, bound to one app actor (toasts, the badge). */
export function inboxLogic(app: HasSystem, { api = defaultApi, bus = streamsBus }: { api?: Calls; bus?: Bus } = {}) {
  const bridge = bridgeActions(app);
  return inboxMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }: { input: { cursor: string | null } }): Promise<InboxPage> => {
        const read = () => api.notifications.page(input.cursor ?? undefined);
        if (input.cursor) return read();
        // The first page is kept for reading offline (src/effects/offline/keptLoad.ts); no later pages are offered from it.
        return withKept({ member: keptMemberOf(app), kind: 'notifications', id: 'inbox' }, read, (page, savedAt) => ({
          ...page,
          nextCursor: null,
          keptAt: savedAt,
        }));
      }),
      readOne: fromPromise(({ input }: { input: { id: string } }) => api.notifications.read(input.id)),
      deleteOne: fromPromise(({ input }: { input: { id: string } }) => api.notifications.remove(input.id)),
      readAll: fromPromise(() => api.notifications.readAll()),
      live: liveActor(bus, inboxEventOf),
    },
    actions: {
      showToast: bridge.showToast,
      reportUnread: (_: unknown, unreadCount: number) => app.system.get('unreadBadge')?.send({ type: 'badge.count', unreadCount }),
    },
  });
}
export type InboxLogic = ReturnType<typeof inboxLogic>;
