import { appMachine } from '../../../src/machines/shell/app.machine';
import { type MachineModel } from '../cover';

/** A child's snapshot as the app reads it (state and context), without the child machine. */
const snapshotIn = (state: string, context: Record<string, unknown> = {}) => ({
  matches: (value: string) => value === state,
  context,
  state,
});

export const appModel: MachineModel = {
  name: 'app',
  machine: appMachine,
  covers: [
    {
      label: 'all transitions',
      // The session's snapshots (signed in, then out), the app's own word on them, and
      // connectivity's; the chunk's load (done, error) and the retry's delay come from the graph.
      options: {
        input: { storedTheme: null },
        events: [
          { type: 'xstate.snapshot.session', snapshot: snapshotIn('signedIn', { token: 't', profile: { _id: 'u1' } }) },
          { type: 'xstate.snapshot.session', snapshot: snapshotIn('signedOut', { token: null, profile: null }) },
          { type: 'xstate.snapshot.connectivity', snapshot: snapshotIn('online') },
          { type: 'app.session', signedIn: true },
          { type: 'app.session', signedIn: false },
        ],
      },
    },
  ],
};
