import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changePasswordMachine, passwordErrors, type ChangePasswordContext } from '../../../src/machines/auth/changePassword.machine';
import { admin } from '../../fixtures/auth';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { GOOD, MISMATCH, changePasswordModel, serialize } from './changePassword.model';

const coverage = new TransitionCoverage(changePasswordMachine);

describe('change password machine', () => {
  const paths = pathsOf(changePasswordModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const sessions: unknown[] = [];
    await replay(changePasswordMachine, path, {
      coverage,
      serialize: serialize as never,
      provide: { actions: { loggedIn: (_: unknown, session: unknown) => void sessions.push(session) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          matches(v: string): boolean;
          context: ChangePasswordContext;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const e = step.event as ModelEvent;
        // What goes to the server is the draft the fields hold.
        if (snapshot.children.changePassword) expect(snapshot.children.changePassword.getSnapshot().input).toEqual(GOOD);
        if (e.type === 'password.submit' && snapshot.matches('editing')) {
          const d = snapshot.context.draft;
          if (JSON.stringify(d) === JSON.stringify(MISMATCH))
            expect(snapshot.context.errors).toEqual({ confirmPassword: 'Passwords do not match' });
          if (d.currentPassword === '') expect(snapshot.context.errors.currentPassword).toBe('Current password is required');
        }
        // The fresh token goes to the session; the old one stops working.
        if (e.type === 'xstate.done.actor.changePassword') {
          expect(sessions).toEqual([{ token: 'fresh-token', user: admin }]);
          // A changed password empties the form.
          expect(snapshot.context.draft).toEqual({ currentPassword: '', newPassword: '', confirmPassword: '' });
        } else expect(sessions).toEqual([]);
        if (e.type === 'xstate.error.actor.changePassword')
          expect(snapshot.context.errors).toEqual({ form: 'Current password is incorrect' });
      },
    });
  });

  it('covers every transition', () => {
    console.log(coverage.summary('changePassword', stateCount(changePasswordMachine)));
    expect(coverage.missed).toEqual([]);
  });

  it("checks a body with the contract's messages, by field", () => {
    expect(passwordErrors({ currentPassword: '', newPassword: 'short', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 8 characters',
      confirmPassword: 'Confirm password is required',
    });
    expect(passwordErrors({ currentPassword: 'same-secret', newPassword: 'same-secret', confirmPassword: 'same-secret' })).toEqual({
      newPassword: 'The new password must differ from the current one',
    });
    expect(passwordErrors(GOOD)).toEqual({});
  });
});
