import { sessionEndMachine } from '../../../src/machines/session/sessionEnd.machine';
import { type MachineModel } from '../cover';

export const sessionEndModel: MachineModel = {
  name: 'sessionEnd',
  machine: sessionEndMachine,
  covers: [
    {
      label: 'all transitions',
      // The delay's event comes from the graph; a second `ended` while waiting is told nothing.
      options: { events: [{ type: 'sessionEnd.ended' }] },
    },
  ],
};
