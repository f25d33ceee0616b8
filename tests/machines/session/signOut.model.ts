import { signOutMachine } from '../../../src/machines/session/signOut.machine';
import { type MachineModel } from '../cover';

export const signOutModel: MachineModel = {
  name: 'signOut',
  machine: signOutMachine,
  covers: [
    {
      label: 'all transitions',
      options: {
        events: [
          // Nothing unsent: out at once. Items waiting (or refused): asked first.
          { type: 'signOut.request', unsent: 0 },
          { type: 'signOut.request', unsent: 1 },
          { type: 'signOut.request', unsent: 3 },
          { type: 'signOut.confirm' },
          { type: 'signOut.cancel' },
        ],
      },
    },
  ],
};
