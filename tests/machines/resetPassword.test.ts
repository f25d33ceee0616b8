import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_FAILED,
  resetPasswordMachine,
  type ResetPasswordContext,
} from '../../src/machines/resetPassword.machine';
import { apiFailure, networkFailure } from '../fixtures/auth';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage } from './model';

const expired = apiFailure('This reset link is invalid or has expired', 400);
const model = {
  events: [
    { type: 'reset.change', field: 'password', value: 'new-secret-1' },
    { type: 'reset.change', field: 'password', value: '' },
    { type: 'reset.change', field: 'confirmPassword', value: 'new-secret-1' },
    { type: 'xstate.done.actor.resetPassword', output: { message: 'Your password has been changed' } },
    { type: 'xstate.done.actor.resetPassword', output: { message: '' } },
    { type: 'xstate.error.actor.resetPassword', error: expired },
    { type: 'xstate.error.actor.resetPassword', error: networkFailure },
  ],
};

const coverage = new TransitionCoverage(resetPasswordMachine);

describe.each(['reset-token-1', null, '  '])('reset password machine (token %s)', (token) => {
  const input = { token };
  const paths = coverPaths(resetPasswordMachine, { ...model, input });
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    if (token?.trim()) expect(path.steps[0].state.value).toEqual({ ready: 'idle' });
    else expect(path.steps.map((s) => s.state.value)).toEqual(['missingToken']);
    await replay(resetPasswordMachine, path, {
      input,
      coverage,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot();
        const context = snapshot.context as ResetPasswordContext;
        const event = step.event as { type: string; output?: { message: string }; error?: unknown };
        if (event.type === 'reset.submit') {
          expect(snapshot.matches('resetting')).toBe(context.password !== '' && context.confirmPassword !== '');
          if (snapshot.matches('resetting')) {
            const child = snapshot.children.resetPassword as { getSnapshot(): { input: unknown } };
            expect(child.getSnapshot().input).toEqual({
              token: 'reset-token-1',
              password: context.password,
              confirmPassword: context.confirmPassword,
            });
          }
        }
        if (event.type.startsWith('xstate.done')) {
          expect(context.message).toBe(event.output!.message || PASSWORD_RESET_DONE);
          // On success both fields are cleared, and the spent token takes no second submit: done is final.
          expect([context.password, context.confirmPassword]).toEqual(['', '']);
          expect(snapshot.value).toBe('done');
          expect(snapshot.status).toBe('done');
        }
        if (event.type.startsWith('xstate.error')) {
          expect(context.message).toBe(event.error === expired ? 'This reset link is invalid or has expired' : PASSWORD_RESET_FAILED);
          expect(context.password).not.toBe('');
        }
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('resetPassword', stateCount(resetPasswordMachine)));
  expect(coverage.missed).toEqual([]);
});
