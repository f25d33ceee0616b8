import { sessionMachine, type SessionContext, type SessionInput } from '../../../src/machines/session/session.machine';
import { alice, apiFailure, bannedAlice, user } from '../../fixtures/auth';
import { type MachineModel } from '../cover';

/**
 * The starts that matter: no token; a token stored before Remember me existed (no flag); a
 * token not to remember, in the tab that signed in (reload) and in a reopened browser.
 */
export const sessionInputs: SessionInput[] = [
  { storedToken: null },
  { storedToken: 'stored-token' },
  { storedToken: 'stored-token', keepLoggedIn: 'true', pageReload: false },
  { storedToken: 'stored-token', keepLoggedIn: 'false', pageReload: true },
  { storedToken: 'stored-token', keepLoggedIn: 'false', pageReload: false },
];
const inputLabel = ({ storedToken, keepLoggedIn, pageReload }: SessionInput) =>
  `stored token ${storedToken}, keepLoggedIn ${keepLoggedIn ?? 'unset'}, page reload ${pageReload ?? false}`;

/**
 * A model state: which token is held does not matter (the replay checks it step by step), only
 * whether one is, whose profile it is, and the Remember me and page-reload flags.
 */
export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const { token, profile, ...flags } = snapshot.context as SessionContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    token: token !== '',
    profile: profile && { username: profile.username, isBanned: profile.isBanned },
    ...flags,
  });
};

export const renamed = user({ username: 'alice2' });
const model = {
  events: [
    { type: 'session.login', token: 't1', user: alice, keepLoggedIn: true },
    { type: 'session.login', token: 't2', user: alice },
    { type: 'session.login', token: 't4', user: alice, keepLoggedIn: false },
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
  covers: sessionInputs.map((input) => ({ label: inputLabel(input), options: { ...model, serialize, input } })),
};
