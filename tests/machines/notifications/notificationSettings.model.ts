import type { NotificationSettings } from '../../../src/api/users';
import { notificationSettingsMachine } from '../../../src/machines/notifications/notificationSettings.machine';
import { refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';
import { ownProfile } from '../people/profile/profileFixtures';

const stored: NotificationSettings = { messages: true, follows: false, reactions: true, comments: true };
const owner = (notifications: NotificationSettings) => ownProfile({ _id: 'u1', username: 'alice', notifications });

export const model = {
  input: { userId: 'u1' },
  events: [
    { type: 'xstate.done.actor.fetchSettings', output: { user: owner(stored) } },
    { type: 'xstate.error.actor.fetchSettings', error: refused('Too many requests', 429) },
    { type: 'notificationSettings.set', setting: 'follows', value: true },
    {
      type: 'xstate.done.actor.saveSetting',
      output: { message: 'Notification settings updated', user: owner({ ...stored, follows: true }) },
    },
    { type: 'xstate.error.actor.saveSetting', error: {} },
  ] as ModelEvent[],
};

export const notificationSettingsModel: MachineModel = {
  name: 'notificationSettings',
  machine: notificationSettingsMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
