import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgotPasswordMachine,
  RESET_LINK_FAILED,
  RESET_LINK_SENT,
  type ForgotPasswordContext,
} from '../../../src/machines/auth/forgotPassword.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { forgotPasswordModel, unknownEmail } from './forgotPassword.model';

const coverage = new TransitionCoverage(forgotPasswordMachine);

describe('forgot password machine', () => {
  const paths = pathsOf(forgotPasswordModel, 'all transitions');
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(forgotPasswordMachine, path, {
      coverage,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot();
        const context = snapshot.context as ForgotPasswordContext;
        const event = step.event as { type: string; output?: { message: string }; error?: unknown };
        if (event.type === 'forgot.submit') {
          // Sent only with an email; what is sent is trimmed.
          expect(snapshot.matches('sending')).toBe(context.email.trim() !== '');
          if (snapshot.matches('sending')) {
            const child = snapshot.children.forgotPassword as { getSnapshot(): { input: unknown } };
            expect(child.getSnapshot().input).toEqual({ email: context.email.trim() });
            expect(context.message).toBeNull();
          }
        }
        if (event.type.startsWith('xstate.done')) expect(context.message).toBe(event.output!.message || RESET_LINK_SENT);
        if (event.type.startsWith('xstate.error')) {
          expect(context.message).toBe(event.error === unknownEmail ? 'No account uses this email' : RESET_LINK_FAILED);
        }
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('forgotPassword', stateCount(forgotPasswordMachine)));
  expect(coverage.missed).toEqual([]);
});
