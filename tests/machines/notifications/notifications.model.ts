import { notificationsMachine, type NotificationsContext } from '../../../src/machines/notifications/notifications.machine';
import { type MachineModel } from '../cover';

const model = {
  events: [
    { type: 'notifications.add', notification: { description: 'Saved', type: 'success' } },
    { type: 'notifications.add', notification: { description: 'Saved', type: 'error' } },
    { type: 'notifications.add', notification: { id: 'given', description: 'Heads up', type: 'warning' } },
    { type: 'notifications.remove', id: 'n-1' },
    { type: 'notifications.remove', id: 'given' },
    { type: 'notifications.clear' },
  ],
  // Every add numbers a notification; four adds are enough to reach every rule.
  filter: (snapshot: { context: unknown }, event: { type: string }) =>
    event.type !== 'notifications.add' || (snapshot.context as NotificationsContext).seq < 4,
};

export const notificationsModel: MachineModel = {
  name: 'notifications',
  machine: notificationsMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
