import { signUpMachine, type SignUpContext } from '../../../src/machines/auth/signUp.machine';
import { admin, alice, apiFailure, auth, bannedAlice, networkFailure } from '../../fixtures/auth';
import { type MachineModel, type ModelEvent } from '../cover';

export const taken = apiFailure('Username or email is already taken', 409);
/** The server's validation answer: every field at fault (and one no form field shows). */
export const refused = apiFailure('Username must be at least 3 characters', 400, [
  { path: 'username', message: 'Username must be at least 3 characters' },
  { path: 'username', message: 'Username may contain only letters, numbers, dots and underscores' },
  { path: 'password', message: 'Password must be at least 8 characters' },
  { path: 'inviteCode', message: 'Invite code is not valid' },
  { path: 'avatarImage', message: 'Avatar image must be a PNG data URL' },
]);
const model = {
  events: [
    { type: 'signUp.change', field: 'username', value: 'alice' },
    { type: 'signUp.change', field: 'email', value: 'alice@example.com' },
    { type: 'signUp.change', field: 'email', value: 'not-an-email' },
    { type: 'signUp.change', field: 'password', value: 'secret-pass' },
    { type: 'signUp.change', field: 'inviteCode', value: 'invite-123' },
    { type: 'xstate.done.actor.signUp', output: auth(alice) },
    { type: 'xstate.done.actor.signUp', output: auth(bannedAlice) },
    { type: 'xstate.done.actor.signUp', output: auth(admin) },
    { type: 'xstate.error.actor.signUp', error: taken },
    { type: 'xstate.error.actor.signUp', error: refused },
    { type: 'xstate.error.actor.signUp', error: networkFailure },
    { type: 'xstate.done.actor.googleSignIn', output: { ...auth(alice), isBanned: false } },
    { type: 'xstate.done.actor.googleSignIn', output: { ...auth(bannedAlice), isBanned: true } },
    { type: 'xstate.error.actor.googleSignIn', error: networkFailure },
  ] as ModelEvent[],
};

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as SignUpContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    filled: [c.username, c.email, c.password, c.inviteCode].map((v) => v.trim() !== ''),
    emailShape: c.email.includes('@'),
    fieldErrors: c.fieldErrors,
    error: c.error,
  });
};

export const signUpModel: MachineModel = {
  name: 'signUp',
  machine: signUpMachine,
  covers: [false, true].map((admin) => ({
    label: `admin ${admin}`,
    options: { ...model, input: { admin }, serialize: serialize as never },
  })),
};
