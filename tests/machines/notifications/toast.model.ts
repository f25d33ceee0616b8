import { createNotification } from '../../../src/machines/notifications/notifications.machine';
import { toastMachine } from '../../../src/machines/shell/toast.machine';
import type { MachineModel } from '../cover';

const events = [
  { type: 'toast.activate', paused: false },
  { type: 'toast.activate', paused: true },
  { type: 'toast.pause' },
  { type: 'toast.resume' },
  { type: 'toast.dismiss' },
];

export const toastInput = (timeoutMs: number) => ({
  notification: createNotification('t-1', { description: 'Saved', type: 'success' }),
  timeoutMs,
});

// Two timeouts: the delay is read from the input, so both must fire on time.
export const toastModel: MachineModel = {
  name: 'toast',
  machine: toastMachine,
  covers: [3000, 5000].map((timeoutMs) => ({ label: `timeout ${timeoutMs} ms`, options: { events, input: toastInput(timeoutMs) } })),
};
