import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changePasswordMachine, passwordErrors, type ChangePasswordContext } from '../../src/machines/changePassword.machine';
import { admin } from '../fixtures/auth';
import { refused } from '../fixtures/streams';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';

const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as ChangePasswordContext;
  return JSON.stringify({ value: snapshot.value, errors: c.errors, message: c.message });
};

const GOOD = { currentPassword: 'old-secret-1', newPassword: 'new-secret-2', confirmPassword: 'new-secret-2' };
const MISMATCH = { ...GOOD, confirmPassword: 'new-secret-3' };
const ANSWER = { message: 'Password changed successfully', token: 'fresh-token', user: admin };

const model = {
  serialize,
  events: [
    { type: 'password.submit', body: GOOD },
    { type: 'password.submit', body: MISMATCH },
    { type: 'xstate.done.actor.changePassword', output: ANSWER },
    { type: 'xstate.error.actor.changePassword', error: refused('Current password is incorrect', 400) },
  ] as ModelEvent[],
  filter: (snapshot: { context: unknown }, event: ModelEvent) => {
    const c = snapshot.context as ChangePasswordContext;
    // One round of each: bounded.
    if (event.type === 'password.submit') return c.message === null && !(c.errors.form && event.body === GOOD);
    return true;
  },
};

const coverage = new TransitionCoverage(changePasswordMachine);

describe('change password machine', () => {
  const paths = coverPaths(changePasswordMachine, model as never);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const sessions: unknown[] = [];
    await replay(changePasswordMachine, path, {
      coverage,
      serialize: serialize as never,
      provide: { actions: { loggedIn: (_: unknown, session: unknown) => void sessions.push(session) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as { context: ChangePasswordContext; children: Record<string, { getSnapshot(): { input: unknown } } | undefined> };
        const e = step.event as ModelEvent;
        if (snapshot.children.changePassword) expect(snapshot.children.changePassword.getSnapshot().input).toEqual(GOOD);
        if (e.type === 'password.submit' && e.body === MISMATCH) expect(snapshot.context.errors).toEqual({ confirmPassword: 'Passwords do not match' });
        // The fresh token goes to the session; the old one stops working.
        if (e.type === 'xstate.done.actor.changePassword') expect(sessions).toEqual([{ token: 'fresh-token', user: admin }]);
        else expect(sessions).toEqual([]);
        if (e.type === 'xstate.error.actor.changePassword') expect(snapshot.context.errors).toEqual({ form: 'Current password is incorrect' });
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
