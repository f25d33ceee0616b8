import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { AnyMachineSnapshot } from 'xstate';
import { ForgotPasswordForm } from '../../../src/views/auth/forms/ForgotPasswordForm';
import { PasswordResetLogicProvider } from '../../../src/views/auth/PasswordResetLogic';
import type { passwordResetLogic } from '../../../src/effects/auth/passwordReset';
import { fakeLogic } from '../fakeLogic';
import { forgotPasswordMachine, type ForgotPasswordContext } from '../../../src/machines/auth/forgotPassword.machine';
import { apiFailure, networkFailure } from '../../fixtures/auth';
import { coverPaths, describePath, stateCount, TransitionCoverage, type ModelEvent } from '../../machines/model';
import { viewHarness } from '../harness';

const events: ModelEvent[] = [
  { type: 'forgot.change', email: 'alice@example.com' },
  { type: 'forgot.change', email: '' },
  { type: 'xstate.done.actor.forgotPassword', output: { message: 'Check your inbox' } },
  { type: 'xstate.done.actor.forgotPassword', output: { message: '' } },
  { type: 'xstate.error.actor.forgotPassword', error: apiFailure('No account uses this email', 404) },
  { type: 'xstate.error.actor.forgotPassword', error: networkFailure },
];

async function perform(event: ModelEvent, user: UserEvent) {
  if (event.type === 'forgot.change') {
    const input = screen.getByLabelText('Email Address');
    await user.clear(input);
    if (event.email) await user.type(input, event.email);
  } else if (event.type === 'forgot.submit') {
    // The button is disabled when the machine would refuse; Enter in the field submits regardless.
    await user.type(screen.getByLabelText('Email Address'), '{Enter}');
  } else throw new Error(`no gesture for ${event.type}`);
}

function expectScreen(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as ForgotPasswordContext;
  const sending = snapshot.matches('sending');
  const button = screen.getByRole('button', { name: sending ? 'Sending link...' : 'Send Reset Link' });
  expect(button).toHaveProperty('disabled', sending || c.email.trim() === '');
  if (snapshot.matches({ ready: 'success' })) {
    expect(screen.getByRole('status').textContent).toContain(c.message);
    expect(screen.queryByRole('alert')).toBeNull();
  } else if (snapshot.matches({ ready: 'error' })) {
    expect(screen.getByRole('alert').textContent).toContain(c.message);
  } else {
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  }
}

const coverage = new TransitionCoverage(forgotPasswordMachine);

describe('forgot password form, every model path through the view', () => {
  const paths = coverPaths(forgotPasswordMachine, { events });
  afterEach(() => cleanup());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const h = viewHarness(['forgotPassword'], coverage);
    const user = userEvent.setup({ delay: null });
    try {
      render(
        <PasswordResetLogicProvider
          logic={fakeLogic<ReturnType<typeof passwordResetLogic>>({
            forgotPassword: forgotPasswordMachine.provide({ actors: h.actors as never }),
          })}
        >
          <ForgotPasswordForm />
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

  it('shows the fallbacks when the server says nothing', async () => {
    const h = viewHarness(['forgotPassword']);
    const user = userEvent.setup({ delay: null });
    try {
      render(
        <PasswordResetLogicProvider
          logic={fakeLogic<ReturnType<typeof passwordResetLogic>>({
            forgotPassword: forgotPasswordMachine.provide({ actors: h.actors as never }),
          })}
        >
          <ForgotPasswordForm />
        </PasswordResetLogicProvider>,
      );
      await user.type(screen.getByLabelText('Email Address'), 'alice@example.com');
      await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
      await h.settle({ type: 'xstate.error.actor.forgotPassword', error: networkFailure });
      expect(screen.getByRole('alert').textContent).toContain('Failed to send reset link');
      await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
      await h.settle({ type: 'xstate.done.actor.forgotPassword', output: { message: '' } });
      expect(screen.getByRole('status').textContent).toContain('Reset link sent successfully!');
    } finally {
      h.restore();
    }
  });
});

afterAll(() => {
  console.log(coverage.summary('forgotPassword (through the view)', stateCount(forgotPasswordMachine)));
  expect(coverage.missed).toEqual([]);
});
