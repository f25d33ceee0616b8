import { authGuardMachine, type AuthGuardInput } from '../../../src/machines/session/authGuard.machine';
import { admin, alice, auth, bannedAlice, bannedFailure, networkFailure, serverFailure, unauthorized } from '../../fixtures/auth';
import { type MachineModel } from '../cover';

const model = {
  events: [
    { type: 'xstate.done.actor.currentUser', output: auth(alice, 'fresh-alice') },
    { type: 'xstate.done.actor.currentUser', output: auth(bannedAlice) },
    { type: 'xstate.done.actor.currentUser', output: auth(admin, 'fresh-root') },
    { type: 'xstate.error.actor.currentUser', error: unauthorized },
    { type: 'xstate.error.actor.currentUser', error: bannedFailure },
    { type: 'xstate.error.actor.currentUser', error: serverFailure },
    { type: 'xstate.error.actor.currentUser', error: networkFailure },
    { type: 'guard.sessionEnded' },
  ],
};

const inputs: AuthGuardInput[] = [
  { area: 'member', hasToken: true },
  { area: 'member', hasToken: false },
  { area: 'admin', hasToken: true },
  { area: 'admin', hasToken: false },
];

export const authGuardModel: MachineModel = {
  name: 'authGuard',
  machine: authGuardMachine,
  covers: inputs.map((input) => ({
    label: `${input.area}, ${input.hasToken ? 'token stored' : 'no token'}`,
    options: { ...model, input },
  })),
};
