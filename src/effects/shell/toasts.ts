import type { Notification } from '../../machines/notifications/notifications.machine';
import { toastQueueMachine } from '../../machines/shell/toastQueue.machine';

/**
 * The toast queue with its one effect: every toast shown is also recorded in the notifications
 * list (systemId 'notifications'), when that actor runs in the same system.
 */
export const toastQueueLogic = toastQueueMachine.provide({
  actions: {
    record: ({ system }, { notification }: { notification: Notification }) => {
      system.get('notifications')?.send({ type: 'notifications.add', notification });
    },
  },
});
