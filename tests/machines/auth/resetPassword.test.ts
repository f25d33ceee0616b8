import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_FAILED,
  resetPasswordMachine,
  type ResetPasswordContext,
} from '../../../src/machines/auth/resetPassword.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { expired, resetPasswordModel } from './resetPassword.model';

const coverage = new TransitionCoverage(resetPasswordMachine);

describe.each(resetPasswordModel.covers)('reset password machine ($label)', ({ label, options }) => {
  const input = options.input as { token: string | null };
  const { token } = input;
  const paths = pathsOf(resetPasswordModel, label);
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
