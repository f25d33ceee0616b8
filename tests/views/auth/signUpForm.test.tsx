import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { AnyMachineSnapshot } from 'xstate';
import { SignUpForm } from '../../../src/views/auth/forms/SignUpForm';
import { AuthLogicProvider } from '../../../src/views/auth/AuthLogic';
import type { AuthLogic } from '../../../src/effects/auth/auth';
import { fakeLogic } from '../fakeLogic';
import {
  PASSWORD_HINT,
  signUpMachine,
  signUpRequired,
  type SignUpContext,
  type SignUpField,
} from '../../../src/machines/auth/signUp.machine';
import { ADMIN_HOME, CHECKPOINT, MEMBER_HOME } from '../../../src/machines/auth/authForm';
import { admin, alice, apiFailure, auth, bannedAlice, networkFailure } from '../../fixtures/auth';
import { coverPaths, describePath, stateCount, TransitionCoverage, type ModelEvent } from '../../machines/model';
import { effect, viewHarness } from '../harness';

const taken = apiFailure('Username or email is already taken', 409);
const refused = apiFailure('Username is already taken', 409, [
  { path: 'username', message: 'Username is already taken' },
  { path: 'email', message: 'Email is already registered' },
]);
const tooShort = apiFailure('Password must be at least 8 characters', 400, [
  { path: 'password', message: 'Password must be at least 8 characters' },
]);
const events: ModelEvent[] = [
  { type: 'signUp.change', field: 'username', value: 'ada' },
  { type: 'signUp.change', field: 'email', value: 'a@b.co' },
  { type: 'signUp.change', field: 'password', value: 'pw1' },
  { type: 'xstate.done.actor.signUp', output: auth(alice) },
  { type: 'xstate.done.actor.signUp', output: auth(bannedAlice) },
  { type: 'xstate.error.actor.signUp', error: taken },
  { type: 'xstate.error.actor.signUp', error: refused },
  { type: 'xstate.error.actor.signUp', error: tooShort },
  { type: 'xstate.done.actor.googleSignIn', output: { ...auth(alice), isBanned: false } },
  { type: 'xstate.error.actor.googleSignIn', error: networkFailure },
];
const serialize = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as SignUpContext;
  return JSON.stringify({
    value: snapshot.value,
    filled: [c.username, c.email, c.password].map((v) => v !== ''),
    fieldErrors: c.fieldErrors,
    error: c.error,
  });
};
const labels: Record<SignUpField, string> = { username: 'Username', email: 'Email', password: 'Password', inviteCode: 'Invite code' };

async function perform(event: ModelEvent, user: UserEvent) {
  switch (event.type) {
    case 'signUp.change': {
      const input = screen.getByLabelText(labels[event.field as SignUpField]);
      await user.clear(input);
      if (event.value) await user.type(input, event.value);
      return;
    }
    case 'signUp.submit':
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      return;
    case 'signUp.google':
      await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
      return;
    default:
      throw new Error(`no gesture for ${event.type}`);
  }
}

function expectScreen(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as SignUpContext;
  if (snapshot.matches('submitting')) {
    expect(screen.getByRole('button', { name: 'Creating account...' })).toHaveProperty('disabled', true);
  } else {
    const busy = snapshot.matches('google') || snapshot.matches('success');
    expect(screen.getByRole('button', { name: 'Create account' })).toHaveProperty('disabled', busy);
  }
  if (c.error) expect(screen.getByRole('alert').textContent).toContain(c.error);
  else expect(screen.queryByRole('alert')).toBeNull();
  for (const field of ['username', 'email', 'password'] as const) {
    const input = screen.getByLabelText(labels[field]);
    const message = c.fieldErrors[field];
    if (message) {
      // At its field: the input is invalid and described by its own message.
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain(message);
      if (c.error !== message) expect(screen.queryByRole('alert')?.textContent ?? '').not.toContain(message);
    } else {
      expect(input.getAttribute('aria-invalid')).toBeNull();
      expect(screen.queryByText(signUpRequired[field])).toBeNull();
    }
  }
  screen.getByText(PASSWORD_HINT);
  expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
}

const coverage = new TransitionCoverage(signUpMachine);

describe('sign-up form, every model path through the view', () => {
  const paths = coverPaths(signUpMachine, { events, serialize, input: { admin: false } });
  afterEach(() => cleanup());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const h = viewHarness(['signUp', 'googleSignIn'], coverage);
    const login = effect();
    const navigate = effect();
    const logic = signUpMachine.provide({ actors: h.actors as never, actions: { login, navigate } });
    const user = userEvent.setup({ delay: null });
    try {
      render(
        <AuthLogicProvider logic={fakeLogic<AuthLogic>({ signUp: logic })}>
          <SignUpForm />
        </AuthLogicProvider>,
      );
      expectScreen(path.steps[0].state);
      for (const step of path.steps.slice(1)) {
        if (!(await h.settle(step.event))) await perform(step.event, user);
        expect(serialize(h.actor().getSnapshot()), `after ${step.event.type}`).toEqual(serialize(step.state));
        expectScreen(step.state);
        const shown = step.state.context as SignUpContext;
        const refused = step.event.type === 'xstate.error.actor.signUp' || step.event.type === 'signUp.submit';
        if (refused && step.state.matches('form') && Object.keys(shown.fieldErrors).length > 0) {
          // The messages are at their fields, not in an alert: the first field at fault has the focus.
          const first = document.querySelector('form input[aria-invalid="true"]');
          expect(first).not.toBeNull();
          expect(document.activeElement).toBe(first);
        }
        if (step.state.matches('success')) {
          const output = (step.event as unknown as { output: { user: { isBanned: boolean }; isBanned?: boolean } }).output;
          expect(navigate.mock.calls).toHaveLength(1);
          expect(navigate.mock.calls[0][1]).toEqual({ to: output.user.isBanned ? CHECKPOINT : MEMBER_HOME, replace: true });
          expect(login.mock.calls).toHaveLength(1);
        } else {
          expect(navigate).not.toHaveBeenCalled();
          expect(login).not.toHaveBeenCalled();
        }
      }
    } finally {
      h.restore();
    }
  });
});

describe('sign-up form details', () => {
  afterEach(() => cleanup());

  it('asks for a valid email before sending anything', async () => {
    const h = viewHarness(['signUp', 'googleSignIn']);
    const logic = signUpMachine.provide({ actors: h.actors as never, actions: { login: effect(), navigate: effect() } });
    const user = userEvent.setup({ delay: null });
    try {
      render(
        <AuthLogicProvider logic={fakeLogic<AuthLogic>({ signUp: logic })}>
          <SignUpForm />
        </AuthLogicProvider>,
      );
      await user.type(screen.getByLabelText('Username'), 'alice');
      await user.type(screen.getByLabelText('Email'), 'alice-at-example');
      await user.type(screen.getByLabelText('Password'), 'secret-pass');
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      screen.getByText('Email must be a valid email address');
      expect(h.actor().getSnapshot().matches('form')).toBe(true);
    } finally {
      h.restore();
    }
  });

  it('as the admin form: an invite code is required, and success goes to /admin', async () => {
    const h = viewHarness(['signUp', 'googleSignIn'], coverage);
    const navigate = effect();
    const logic = signUpMachine.provide({ actors: h.actors as never, actions: { login: effect(), navigate } });
    const user = userEvent.setup({ delay: null });
    try {
      render(
        <AuthLogicProvider logic={fakeLogic<AuthLogic>({ signUp: logic })}>
          <SignUpForm admin />
        </AuthLogicProvider>,
      );
      expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
      await user.type(screen.getByLabelText('Username'), 'root');
      await user.type(screen.getByLabelText('Email'), 'root@example.com');
      await user.type(screen.getByLabelText('Password'), 'secret-pass');
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      screen.getByText('Invite code is required');
      await user.type(screen.getByLabelText('Invite code'), 'invite-123');
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      const child = h.actor().getSnapshot().children.signUp as { getSnapshot(): { input: unknown } };
      expect(child.getSnapshot().input).toEqual({
        admin: true,
        username: 'root',
        email: 'root@example.com',
        password: 'secret-pass',
        inviteCode: 'invite-123',
      });
      await h.settle({ type: 'xstate.done.actor.signUp', output: auth(admin) });
      expect(navigate.mock.calls[0][1]).toEqual({ to: ADMIN_HOME, replace: true });
    } finally {
      h.restore();
    }
  });
});

afterAll(() => {
  console.log(coverage.summary('signUp (through the view)', stateCount(signUpMachine)));
  expect(coverage.missed).toEqual([]);
});
