import { sessionEndMachine } from '../../../src/machines/session/sessionEnd.machine';
import { type MachineModel } from '../cover';

export const sessionEndModel: MachineModel = {
  name: 'sessionEnd',
  machine: sessionEndMachine,
  covers: [
    {
      label: 'all transitions',
      // The delay's event comes from the graph; a second `ended` while waiting (the socket and a
      // request both saying so, or another session's word) is told nothing and clears nothing else.
      options: {
        events: [
          { type: 'sessionEnd.ended', token: 'first-token' },
          { type: 'sessionEnd.ended', token: 'second-token' },
        ],
      },
    },
  ],
};
