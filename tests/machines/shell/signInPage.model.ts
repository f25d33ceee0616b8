import { signInPageMachine } from '../../../src/machines/shell/signInPage.machine';
import { type MachineModel, type ModelEvent } from '../cover';

export const user = { _id: 'u1', username: 'ada', role: 'USER', isBanned: false };

/** A session snapshot as the page's session child reports it (only what the guard reads). */
const session = (value: 'signedOut' | 'signedIn' | 'banned') => ({
  value,
  status: 'active',
  context: { token: value === 'signedOut' ? '' : 'token-a', profile: value === 'signedOut' ? null : user, keepLoggedIn: false },
  matches: (state: string) => state === value,
  toJSON: () => ({ value }),
});

export const signInPageModel: MachineModel = {
  name: 'signInPage',
  machine: signInPageMachine,
  covers: [
    {
      label: 'all transitions',
      options: {
        input: { storedTheme: null, systemTheme: 'light', online: true },
        events: [
          { type: 'signInPage.left' },
          { type: 'signInPage.debug' },
          { type: 'xstate.snapshot.session', snapshot: session('signedOut') },
          { type: 'xstate.snapshot.session', snapshot: session('signedIn') },
          { type: 'xstate.snapshot.session', snapshot: session('banned') },
          { type: 'xstate.done.actor.startApp' },
          { type: 'xstate.error.actor.startApp', error: new Error('Failed to fetch dynamically imported module') },
        ] as ModelEvent[],
      } as never,
    },
  ],
};
