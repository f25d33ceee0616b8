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
    // The profile kept on this device for the stored token (or none).
    { type: 'xstate.done.actor.keptProfile', output: { token: 'kept-alice', user: alice } },
    { type: 'xstate.done.actor.keptProfile', output: { token: 'kept-banned', user: bannedAlice } },
    { type: 'xstate.done.actor.keptProfile', output: { token: 'kept-root', user: admin } },
    { type: 'xstate.done.actor.keptProfile', output: null },
    { type: 'xstate.error.actor.keptProfile', error: new Error('IndexedDB refused') },
    { type: 'guard.sessionEnded' },
    { type: 'guard.online' },
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
