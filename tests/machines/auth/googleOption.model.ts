import { googleOptionMachine } from '../../../src/machines/auth/googleOption.machine';
import { networkFailure } from '../../fixtures/auth';
import type { MachineModel } from '../cover';

const firebase = { apiKey: 'k', authDomain: 'stoa.firebaseapp.com', projectId: 'stoa', appId: 'a' };
export const configWithGoogle = { env: 'DEV', googleSignIn: true, firebase, supportEmail: null };
export const configWithoutGoogle = { env: 'DEV', googleSignIn: false, firebase: null, supportEmail: null };

export const googleOptionModel: MachineModel = {
  name: 'googleOption',
  machine: googleOptionMachine,
  covers: [
    {
      label: 'all transitions',
      options: {
        events: [
          { type: 'xstate.done.actor.fetchConfig', output: configWithGoogle },
          { type: 'xstate.done.actor.fetchConfig', output: configWithoutGoogle },
          { type: 'xstate.error.actor.fetchConfig', error: networkFailure },
        ],
      },
    },
  ],
};
