import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../../src/machines/auth/forgotPassword.machine';
import { canSendLink, isSendingLink } from '../../../src/machines/auth/forgotPassword.connect';
import { resetPasswordMachine } from '../../../src/machines/auth/resetPassword.machine';
import { canReset, isMissingToken, isResetting } from '../../../src/machines/auth/resetPassword.connect';
import { signUpMachine } from '../../../src/machines/auth/signUp.machine';
import { isSignUpBusy } from '../../../src/machines/auth/signUp.connect';

// A call that never answers: the form stays in its waiting state.
const pending = fromPromise(() => new Promise<never>(() => {})) as never;

describe('the auth forms may be sent when the machine would take it', () => {
  it('Reset Password: only with both fields filled, and not while resetting', () => {
    const actor = createActor(resetPasswordMachine.provide({ actors: { resetPassword: pending } }), { input: { token: 't' } }).start();
    expect(canReset(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'reset.change', field: 'password', value: 'secret-1' });
    expect(canReset(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'reset.change', field: 'confirmPassword', value: 'secret-1' });
    expect(canReset(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'reset.submit' });
    expect(isResetting(actor.getSnapshot())).toBe(true);
    expect(canReset(actor.getSnapshot())).toBe(false);
  });

  it('Reset Password: a page without a token can do nothing', () => {
    const snapshot = createActor(resetPasswordMachine, { input: { token: null } })
      .start()
      .getSnapshot();
    expect(isMissingToken(snapshot)).toBe(true);
    expect(canReset(snapshot)).toBe(false);
  });

  it('Send Reset Link: not while a link is on its way', () => {
    const actor = createActor(forgotPasswordMachine.provide({ actors: { forgotPassword: pending } })).start();
    actor.send({ type: 'forgot.change', email: 'ada@example.com' });
    expect(canSendLink(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'forgot.submit' });
    expect(isSendingLink(actor.getSnapshot())).toBe(true);
    expect(canSendLink(actor.getSnapshot())).toBe(false);
  });

  it('Sign up: the form waits from the moment an account is asked for', () => {
    const actor = createActor(signUpMachine.provide({ actors: { signUp: pending } }), { input: { admin: false } }).start();
    expect(isSignUpBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'signUp.change', field: 'username', value: 'ada' });
    actor.send({ type: 'signUp.change', field: 'email', value: 'ada@example.com' });
    actor.send({ type: 'signUp.change', field: 'password', value: 'secret-12' });
    actor.send({ type: 'signUp.submit' });
    expect(isSignUpBusy(actor.getSnapshot())).toBe(true);
  });
});
