import { signInMachine, type SignInContext } from '../../../src/machines/auth/signIn.machine';
import { alice, auth, bannedAlice, networkFailure, unauthorized } from '../../fixtures/auth';
import { type MachineModel, type ModelEvent } from '../cover';

export const GOOGLE_UNAVAILABLE = new Error('Google sign-in is not available yet');

export const signInOptions = {
  events: [
    { type: 'signIn.change', field: 'usernameOrEmail', value: 'alice' },
    { type: 'signIn.change', field: 'usernameOrEmail', value: '  ' },
    { type: 'signIn.change', field: 'password', value: 'secret-pass' },
    { type: 'signIn.rememberMe', value: true },
    { type: 'xstate.done.actor.signIn', output: auth(alice) },
    { type: 'xstate.error.actor.signIn', error: unauthorized },
    { type: 'xstate.error.actor.signIn', error: networkFailure },
    { type: 'xstate.done.actor.checkUser', output: { isBanned: false } },
    { type: 'xstate.done.actor.checkUser', output: { isBanned: true } },
    { type: 'xstate.error.actor.checkUser', error: networkFailure },
    { type: 'xstate.done.actor.googleSignIn', output: { ...auth(alice), isBanned: false } },
    { type: 'xstate.done.actor.googleSignIn', output: { ...auth(bannedAlice), isBanned: true } },
    { type: 'xstate.error.actor.googleSignIn', error: GOOGLE_UNAVAILABLE },
    { type: 'xstate.error.actor.googleSignIn', error: networkFailure },
  ] as ModelEvent[],
  /** Field text matters only as filled or blank; the rest of the context is kept whole. */
  serialize: (snapshot: { value: unknown; status: string; context: unknown }) => {
    const c = snapshot.context as SignInContext;
    return JSON.stringify({
      value: snapshot.value,
      status: snapshot.status,
      user: c.usernameOrEmail.trim() !== '',
      password: c.password !== '',
      rememberMe: c.rememberMe,
      fieldErrors: c.fieldErrors,
      error: c.error,
      auth: c.auth?.token ?? null,
    });
  },
};

export const signInModel: MachineModel = {
  name: 'signIn',
  machine: signInMachine,
  covers: [false, true].map((admin) => ({ label: `admin ${admin}`, options: { ...signInOptions, input: { admin } } })),
};
