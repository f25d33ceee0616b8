import { sessionMachine } from '../../../src/machines/session.machine';
import { alice, apiFailure, bannedAlice, user } from '../../fixtures/auth';
import { type MachineModel } from '../cover';

export const renamed = user({ username: 'alice2' });
const model = {
  events: [
    { type: 'session.login', token: 't1', user: alice, keepLoggedIn: true },
    { type: 'session.login', token: 't2', user: alice },
    { type: 'session.login', token: 't3', user: bannedAlice },
    { type: 'session.banned' },
    { type: 'session.logout' },
    { type: 'session.clear' },
    { type: 'session.updateProfile', profile: renamed },
    { type: 'session.updatePersonalization', allowPersonalize: false },
    { type: 'xstate.done.actor.signOut', output: { message: 'Signed out' } },
    { type: 'xstate.error.actor.signOut', error: apiFailure('Unauthorized', 401) },
  ],
};

export const sessionModel: MachineModel = {
  name: 'session',
  machine: sessionMachine,
  covers: [null, 'stored-token'].map((storedToken) => ({ label: `stored token ${storedToken}`, options: { ...model, input: { storedToken } } })),
};
