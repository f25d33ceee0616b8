import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { AnyMachineSnapshot } from 'xstate';
import { ResetPasswordForm } from '../../../src/views/auth/forms/ResetPasswordForm';
import { PasswordResetLogicProvider } from '../../../src/views/auth/PasswordResetLogic';
import type { passwordResetLogic } from '../../../src/effects/auth/passwordReset';
import { fakeLogic } from '../fakeLogic';
import { PASSWORDS_HINT, resetPasswordMachine, type ResetPasswordContext } from '../../../src/machines/auth/resetPassword.machine';
import { apiFailure, networkFailure } from '../../fixtures/auth';
import { coverPaths, describePath, stateCount, TransitionCoverage, type ModelEvent } from '../../machines/model';
import { viewHarness } from '../harness';

const events: ModelEvent[] = [
  { type: 'reset.change', field: 'password', value: 'pw1' },
  { type: 'reset.change', field: 'confirmPassword', value: 'pw1' },
  { type: 'xstate.done.actor.resetPassword', output: { message: '' } },
  { type: 'xstate.error.actor.resetPassword', error: apiFailure('This reset link is invalid or has expired', 400) },
  { type: 'xstate.error.actor.resetPassword', error: networkFailure },
];
const label = { password: 'New Password', confirmPassword: 'Confirm Password' } as const;

async function perform(event: ModelEvent, user: UserEvent) {
  if (event.type === 'reset.change') {
    const input = screen.getByLabelText(label[event.field as keyof typeof label]);
    await user.clear(input);
    if (event.value) await user.type(input, event.value);
  } else if (event.type === 'reset.submit') {
    await user.type(screen.getByLabelText('Confirm Password'), '{Enter}');
  } else throw new Error(`no gesture for ${event.type}`);
}

function expectScreen(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as ResetPasswordContext;
  if (snapshot.matches('done')) {
    // The token is spent: the banner and 'Sign in' (focused) replace the form.
    expect(screen.getByRole('status').textContent).toContain(c.message);
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/');
    expect(document.activeElement).toBe(signIn);
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
    return;
  }
  const resetting = snapshot.matches('resetting');
  const button = screen.getByRole('button', { name: resetting ? 'Resetting password...' : 'Reset Password' });
  expect(button).toHaveProperty('disabled', resetting || c.password === '' || c.confirmPassword === '');
  expect((screen.getByLabelText('New Password') as HTMLInputElement).value).toBe(c.password);
  expect((screen.getByLabelText('Confirm Password') as HTMLInputElement).value).toBe(c.confirmPassword);
  screen.getByText(PASSWORDS_HINT);
  if (snapshot.matches({ ready: 'error' })) expect(screen.getByRole('alert').textContent).toContain(c.message);
  else expect(screen.queryByRole('alert') ?? screen.queryByRole('status')).toBeNull();
}

const coverage = new TransitionCoverage(resetPasswordMachine);

describe('reset password form, every model path through the view', () => {
  const input = { token: 'reset-token-1' };
  const paths = coverPaths(resetPasswordMachine, { events, input });
  afterEach(() => cleanup());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const h = viewHarness(['resetPassword'], coverage);
    const user = userEvent.setup({ delay: null });
    try {
      render(
        <PasswordResetLogicProvider
          logic={fakeLogic<ReturnType<typeof passwordResetLogic>>({
            resetPassword: resetPasswordMachine.provide({ actors: h.actors as never }),
          })}
        >
          <ResetPasswordForm token={input.token} />
        </PasswordResetLogicProvider>,
      );
      expectScreen(path.steps[0].state);
      for (const step of path.steps.slice(1)) {
        if (!(await h.settle(step.event))) await perform(step.event, user);
        expect(h.actor().getSnapshot().value, `after ${step.event.type}`).toEqual(step.state.value);
        expect(h.actor().getSnapshot().context).toEqual(step.state.context);
        expectScreen(step.state);
      }
    } finally {
      h.restore();
    }
  });

  it('success shows the fallback message and offers Sign in in place of the form; each field has its own show/hide toggle', async () => {
    const h = viewHarness(['resetPassword']);
    const user = userEvent.setup({ delay: null });
    try {
      render(
        <PasswordResetLogicProvider
          logic={fakeLogic<ReturnType<typeof passwordResetLogic>>({
            resetPassword: resetPasswordMachine.provide({ actors: h.actors as never }),
          })}
        >
          <ResetPasswordForm token="t" />
        </PasswordResetLogicProvider>,
      );
      await user.type(screen.getByLabelText('New Password'), 'new-secret-1');
      await user.type(screen.getByLabelText('Confirm Password'), 'new-secret-1');
      await user.click(screen.getByRole('button', { name: 'Show new password' }));
      expect(screen.getByLabelText('New Password').getAttribute('type')).toBe('text');
      expect(screen.getByLabelText('Confirm Password').getAttribute('type')).toBe('password');
      await user.click(screen.getByRole('button', { name: 'Reset Password' }));
      expect(screen.getByRole('button', { name: 'Resetting password...' })).toHaveProperty('disabled', true);
      await h.settle({ type: 'xstate.done.actor.resetPassword', output: { message: '' } });
      expect(screen.getByRole('status').textContent).toContain('Password reset successfully!');
      expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
      expect(screen.queryByLabelText('New Password')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
    } finally {
      h.restore();
    }
  });

  it('without a token: a clear error and a link to /forgot-password', () => {
    const h = viewHarness(['resetPassword'], coverage);
    try {
      render(
        <PasswordResetLogicProvider
          logic={fakeLogic<ReturnType<typeof passwordResetLogic>>({
            resetPassword: resetPasswordMachine.provide({ actors: h.actors as never }),
          })}
        >
          <ResetPasswordForm token={null} />
        </PasswordResetLogicProvider>,
      );
      expect(screen.getByRole('alert').textContent).toContain('no reset token');
      expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/forgot-password');
      expect(screen.queryByLabelText('New Password')).toBeNull();
    } finally {
      h.restore();
    }
  });
});

afterAll(() => {
  console.log(coverage.summary('resetPassword (through the view)', stateCount(resetPasswordMachine)));
  expect(coverage.missed).toEqual([]);
});
