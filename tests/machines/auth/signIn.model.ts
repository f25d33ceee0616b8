import { signInMachine, type SignInContext } from '../../../src/machines/auth/signIn.machine';
import { CHALLENGE_EXPIRED, INVALID_CODE } from '../../../src/api/account/twoFactor';
import { admin, alice, apiFailure, auth, bannedAlice, networkFailure, unauthorized } from '../../fixtures/auth';
import { type MachineModel, type ModelEvent } from '../cover';

export const GOOGLE_UNAVAILABLE = new Error('Google sign-in is not available yet');

/** The password was right and two-factor sign-in is on: a challenge instead of a session. */
export const challenge = { message: 'Enter the code from your authenticator app', twoFactor: true as const, challenge: 'challenge-1' };
export const wrongCode = apiFailure(INVALID_CODE, 401);
export const expiredChallenge = apiFailure(CHALLENGE_EXPIRED, 401);
/** An administrator who has not set two-factor sign-in up yet, while the server requires it. */
export const adminToSetUp = { ...auth(admin), twoFactorSetupRequired: true };

export const signInOptions = {
  events: [
    { type: 'signIn.change', field: 'usernameOrEmail', value: 'alice' },
    { type: 'signIn.change', field: 'usernameOrEmail', value: '  ' },
    { type: 'signIn.change', field: 'password', value: 'secret-pass' },
    { type: 'signIn.rememberMe', value: true },
    { type: 'xstate.done.actor.signIn', output: auth(alice) },
    { type: 'xstate.done.actor.signIn', output: challenge },
    { type: 'xstate.done.actor.signIn', output: adminToSetUp },
    { type: 'signIn.code.change', field: 'code', value: '123456' },
    { type: 'signIn.code.change', field: 'code', value: 'k7pq-3mzx-9aht-w2bd' },
    { type: 'signIn.code.change', field: 'code', value: ' ' },
    { type: 'signIn.code.recovery', value: true },
    { type: 'signIn.code.recovery', value: false },
    { type: 'xstate.done.actor.verifyCode', output: auth(alice) },
    { type: 'xstate.done.actor.verifyCode', output: adminToSetUp },
    { type: 'xstate.error.actor.verifyCode', error: wrongCode },
    { type: 'xstate.error.actor.verifyCode', error: expiredChallenge },
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
      setup: c.auth?.twoFactorSetupRequired ?? false,
      challenge: c.challenge,
      code: c.code.trim() === '' ? '' : /^\d{6}$/.test(c.code) ? 'digits' : 'letters',
      recovery: c.recovery,
      codeError: c.codeError,
    });
  },
};

export const signInModel: MachineModel = {
  name: 'signIn',
  machine: signInMachine,
  covers: [false, true].map((admin) => ({ label: `admin ${admin}`, options: { ...signInOptions, input: { admin } } })),
};
