import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { AnyMachineSnapshot } from 'xstate';
import { SignInForm } from '../../../src/views/auth/forms/SignInForm';
import { AuthLogicProvider } from '../../../src/views/auth/AuthLogic';
import type { AuthLogic } from '../../../src/effects/auth/auth';
import { fakeLogic } from '../fakeLogic';
import { signInMachine, signInRequired, twoFactorSetupPath, type SignInContext } from '../../../src/machines/auth/signIn.machine';
import { ADMIN_HOME, CHECKPOINT, MEMBER_HOME } from '../../../src/machines/auth/authForm';
import { alice, auth, admin, bannedAlice, networkFailure, unauthorized } from '../../fixtures/auth';
import { challenge, expiredChallenge, wrongCode } from '../../machines/auth/signIn.model';
import { coverPaths, describePath, stateCount, TransitionCoverage, type ModelEvent } from '../../machines/model';
import { effect, viewHarness } from '../harness';

const GOOGLE_UNAVAILABLE = new Error('Google sign-in is not available yet');
// Short values: every keystroke is a real event through the view. Remember-me is left to the
// detail test below (it records into the same coverage), which keeps the path count down.
const events: ModelEvent[] = [
  { type: 'signIn.change', field: 'usernameOrEmail', value: 'ada' },
  { type: 'signIn.change', field: 'password', value: 'pw1' },
  { type: 'xstate.done.actor.signIn', output: auth(alice) },
  { type: 'xstate.error.actor.signIn', error: unauthorized },
  { type: 'xstate.error.actor.signIn', error: networkFailure },
  { type: 'xstate.done.actor.checkUser', output: { isBanned: false } },
  { type: 'xstate.done.actor.checkUser', output: { isBanned: true } },
  { type: 'xstate.error.actor.checkUser', error: networkFailure },
  { type: 'xstate.done.actor.googleSignIn', output: { ...auth(alice), isBanned: false } },
  { type: 'xstate.done.actor.googleSignIn', output: { ...auth(bannedAlice), isBanned: true } },
  { type: 'xstate.error.actor.googleSignIn', error: GOOGLE_UNAVAILABLE },
  // Two-factor sign-in: the password's answer is a challenge; a code (or a recovery code) finishes it.
  { type: 'xstate.done.actor.signIn', output: challenge },
  { type: 'signIn.code.change', field: 'code', value: '123456' },
  { type: 'signIn.code.recovery', value: true },
  { type: 'xstate.done.actor.verifyCode', output: auth(alice) },
  { type: 'xstate.error.actor.verifyCode', error: wrongCode },
  { type: 'xstate.error.actor.verifyCode', error: expiredChallenge },
];
const serialize = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as SignInContext;
  return JSON.stringify({
    value: snapshot.value,
    user: c.usernameOrEmail !== '',
    password: c.password !== '',
    rememberMe: c.rememberMe,
    fieldErrors: c.fieldErrors,
    error: c.error,
    auth: c.auth !== null,
    challenge: c.challenge !== null,
    code: c.code,
    recovery: c.recovery,
    codeError: c.codeError,
  });
};

async function perform(event: ModelEvent, user: UserEvent, context: SignInContext) {
  switch (event.type) {
    case 'signIn.change': {
      const label = event.field === 'password' ? 'Password' : 'Email or username';
      const input = screen.getByLabelText(label);
      await user.clear(input);
      if (event.value) await user.type(input, event.value);
      return;
    }
    case 'signIn.rememberMe':
      if (context.rememberMe !== event.value) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
      return;
    case 'signIn.submit':
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      return;
    case 'signIn.google':
      await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
      return;
    case 'signIn.code.change': {
      const input = screen.getByLabelText(context.recovery ? 'Recovery code' : 'Authentication code');
      await user.clear(input);
      if (event.value) await user.type(input, event.value);
      return;
    }
    case 'signIn.code.recovery':
      await user.click(screen.getByRole('button', { name: context.recovery ? 'Use a code from your app' : 'Use a recovery code' }));
      return;
    case 'signIn.code.submit':
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      return;
    case 'signIn.code.back':
      await user.click(screen.getByRole('button', { name: 'Back' }));
      return;
    default:
      throw new Error(`no gesture for ${event.type}`);
  }
}

/** What the screen must show for a snapshot. */
function expectScreen(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as SignInContext;
  if (c.challenge !== null) {
    // The second step replaces the password form.
    expect(screen.queryByRole('form', { name: 'Sign in' })).toBeNull();
    const verifying = !snapshot.matches({ secondFactor: 'idle' });
    expect(screen.getByRole('button', { name: verifying ? 'Checking...' : 'Verify' })).toHaveProperty('disabled', verifying);
    screen.getByLabelText(c.recovery ? 'Recovery code' : 'Authentication code');
    if (c.error) expect(screen.getByRole('alert').textContent).toContain(c.error);
    if (c.codeError) screen.getByText(c.codeError);
    return;
  }
  const local = snapshot.matches('submitting') || (snapshot.matches('success') && c.auth !== null);
  const google = snapshot.matches('google') || (snapshot.matches('success') && c.auth === null);
  if (local) {
    const button = screen.getByRole('button', { name: 'Logging in...' });
    expect(button).toHaveProperty('disabled', true);
  } else {
    const button = screen.getByRole('button', { name: 'Sign in' });
    if (google) expect(button).toHaveProperty('disabled', true);
    else expect(button).toHaveProperty('disabled', false);
  }
  screen.getByRole('button', { name: google ? 'Connecting to Google...' : 'Sign in with Google' });
  if (c.error) expect(screen.getByRole('alert').textContent).toContain(c.error);
  else expect(screen.queryByRole('alert')).toBeNull();
  for (const field of ['usernameOrEmail', 'password'] as const) {
    const message = signInRequired[field];
    if (c.fieldErrors[field]) screen.getByText(message);
    else expect(screen.queryByText(message)).toBeNull();
  }
  expect(screen.getByRole('checkbox', { name: 'Remember me' })).toHaveProperty('checked', c.rememberMe);
  expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
}

const coverage = new TransitionCoverage(signInMachine);

describe('sign-in form, every model path through the view', () => {
  const paths = coverPaths(signInMachine, {
    events,
    serialize,
    input: { admin: false },
    ignore: ['signIn.rememberMe'],
    // One button switches between the two kinds of code: it never asks for the kind already shown.
    filter: (snapshot, event) => !(event.type === 'signIn.code.recovery' && (snapshot.context as SignInContext).recovery === event.value),
  });
  afterEach(() => cleanup());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const h = viewHarness(['signIn', 'checkUser', 'googleSignIn', 'verifyCode'], coverage);
    const login = effect();
    const navigate = effect();
    const logic = signInMachine.provide({ actors: h.actors as never, actions: { login, navigate } });
    const user = userEvent.setup({ delay: null });
    try {
      render(
        <AuthLogicProvider logic={fakeLogic<AuthLogic>({ signIn: logic })}>
          <SignInForm />
        </AuthLogicProvider>,
      );
      expect(serialize(h.actor().getSnapshot())).toEqual(serialize(path.steps[0].state));
      expectScreen(path.steps[0].state);
      for (const step of path.steps.slice(1)) {
        if (!(await h.settle(step.event))) await perform(step.event, user, h.actor().getSnapshot().context);
        expect(serialize(h.actor().getSnapshot()), `after ${step.event.type}`).toEqual(serialize(step.state));
        expectScreen(step.state);
        if (step.state.matches('success')) {
          const banned = (step.event as { output?: { isBanned?: boolean } }).output?.isBanned === true;
          expect(navigate).toHaveBeenCalledTimes(1);
          expect(navigate.mock.calls[0][1]).toEqual({ to: banned ? CHECKPOINT : MEMBER_HOME, replace: true });
          expect(login).toHaveBeenCalledTimes(1);
          expect(login.mock.calls[0][1]).toMatchObject({
            token: auth(alice).token,
            user: { isBanned: banned },
            keepLoggedIn: (step.state.context as SignInContext).rememberMe,
          });
        } else {
          expect(navigate).not.toHaveBeenCalled();
        }
      }
    } finally {
      h.restore();
    }
  });
});

describe('sign-in form details', () => {
  afterEach(() => cleanup());

  it('sends the trimmed email-or-username, the password and remember-me to the API effect', async () => {
    const h = viewHarness(['signIn', 'checkUser', 'googleSignIn'], coverage);
    const logic = signInMachine.provide({ actors: h.actors as never, actions: { login: effect(), navigate: effect() } });
    const user = userEvent.setup({ delay: null });
    try {
      render(
        <AuthLogicProvider logic={fakeLogic<AuthLogic>({ signIn: logic })}>
          <SignInForm />
        </AuthLogicProvider>,
      );
      await user.type(screen.getByLabelText('Email or username'), '  alice@example.com ');
      await user.type(screen.getByLabelText('Password'), 'secret-pass');
      await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
      await user.keyboard('{Enter}');
      const child = h.actor().getSnapshot().children.signIn as { getSnapshot(): { input: unknown } };
      expect(child.getSnapshot().input).toEqual({ admin: false, username: 'alice@example.com', password: 'secret-pass', rememberMe: true });
      expect(screen.getByRole('button', { name: 'Logging in...' })).toHaveProperty('disabled', true);
    } finally {
      h.restore();
    }
  });

  it('reveals the password with the show/hide toggle', async () => {
    const logic = signInMachine.provide({ actions: { login: effect(), navigate: effect() } });
    const user = userEvent.setup({ delay: null });
    render(
      <AuthLogicProvider logic={fakeLogic<AuthLogic>({ signIn: logic })}>
        <SignInForm />
      </AuthLogicProvider>,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('as the admin form: no Google option, and success goes to /admin', async () => {
    const h = viewHarness(['signIn', 'checkUser', 'googleSignIn'], coverage);
    const navigate = effect();
    const logic = signInMachine.provide({ actors: h.actors as never, actions: { login: effect(), navigate } });
    const user = userEvent.setup({ delay: null });
    try {
      render(
        <AuthLogicProvider logic={fakeLogic<AuthLogic>({ signIn: logic })}>
          <SignInForm admin />
        </AuthLogicProvider>,
      );
      expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
      await user.type(screen.getByLabelText('Email or username'), 'root');
      await user.type(screen.getByLabelText('Password'), 'secret-pass');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await h.settle({ type: 'xstate.done.actor.signIn', output: auth(admin) });
      expect(navigate.mock.calls[0][1]).toEqual({ to: ADMIN_HOME, replace: true });
    } finally {
      h.restore();
    }
  });

  it('as the admin form with two-factor sign-in: the code, then /admin; without it while required: settings first', async () => {
    for (const [answer, to] of [
      [challenge, ADMIN_HOME],
      [{ ...auth(admin), twoFactorSetupRequired: true }, twoFactorSetupPath(admin.username)],
    ] as const) {
      const h = viewHarness(['signIn', 'checkUser', 'googleSignIn', 'verifyCode'], coverage);
      const navigate = effect();
      const logic = signInMachine.provide({ actors: h.actors as never, actions: { login: effect(), navigate } });
      const user = userEvent.setup({ delay: null });
      try {
        render(
          <AuthLogicProvider logic={fakeLogic<AuthLogic>({ signIn: logic })}>
            <SignInForm admin />
          </AuthLogicProvider>,
        );
        await user.type(screen.getByLabelText('Email or username'), 'root');
        await user.type(screen.getByLabelText('Password'), 'secret-pass');
        await user.click(screen.getByRole('button', { name: 'Sign in' }));
        await h.settle({ type: 'xstate.done.actor.signIn', output: answer });
        if ('challenge' in answer) {
          await user.type(screen.getByLabelText('Authentication code'), '123 456');
          await user.click(screen.getByRole('button', { name: 'Verify' }));
          const child = h.actor().getSnapshot().children.verifyCode as { getSnapshot(): { input: unknown } };
          expect(child.getSnapshot().input).toEqual({ challenge: challenge.challenge, code: '123 456' });
          await h.settle({ type: 'xstate.done.actor.verifyCode', output: auth(admin) });
        }
        expect(navigate.mock.calls[0][1]).toEqual({ to, replace: true });
      } finally {
        h.restore();
        cleanup();
      }
    }
  });
});

afterAll(() => {
  console.log(coverage.summary('signIn (through the view)', stateCount(signInMachine)));
  expect(coverage.missed).toEqual([]);
});
