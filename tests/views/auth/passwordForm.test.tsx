import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { AnyMachineSnapshot } from 'xstate';
import { changePasswordMachine, type ChangePasswordContext } from '../../../src/machines/auth/changePassword.machine';
import { PasswordForm } from '../../../src/views/auth/forms/PasswordForm';
import { useScreenActor } from '../../../src/views/shared/useScreenActor';
import { describePath, pathsOf, stateCount, TransitionCoverage, type ModelEvent } from '../../machines/model';
import { changePasswordModel, GOOD, serialize } from '../../machines/auth/changePassword.model';
import { effect, viewHarness } from '../harness';

const LABELS = { currentPassword: 'Current password', newPassword: 'New password', confirmPassword: 'Confirm password' } as const;
const field = (name: keyof typeof LABELS) => screen.getByLabelText(LABELS[name]) as HTMLInputElement;

function Form({ logic }: { logic: typeof changePasswordMachine }) {
  const actor = useScreenActor(logic);
  return <PasswordForm actor={actor} aria-label="Change password" />;
}

async function perform(event: ModelEvent, user: UserEvent) {
  switch (event.type) {
    case 'password.change':
      fireEvent.change(field(event.field as keyof typeof LABELS), { target: { value: event.value } });
      return;
    case 'password.submit':
      await user.click(screen.getByRole('button', { name: 'Update password' }));
      return;
    default:
      throw new Error(`no gesture for ${event.type}`);
  }
}

function expectScreen(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as ChangePasswordContext;
  const saving = snapshot.matches('saving');
  for (const name of Object.keys(LABELS) as (keyof typeof LABELS)[]) {
    expect(field(name).value).toBe(c.draft[name]);
    expect(field(name).disabled).toBe(saving);
    if (c.errors[name]) screen.getByText(c.errors[name]!);
  }
  screen.getByRole('button', { name: saving ? 'Updating...' : 'Update password' });
  if (c.errors.form) screen.getByText(c.errors.form);
  if (c.message) screen.getByText(c.message);
}

const coverage = new TransitionCoverage(changePasswordMachine);

describe('change password form, every model path through the view', () => {
  const paths = pathsOf(changePasswordModel, 'all transitions');
  afterEach(() => cleanup());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const h = viewHarness(['changePassword'], coverage);
    const loggedIn = effect();
    const logic = changePasswordMachine.provide({ actors: h.actors as never, actions: { loggedIn } });
    const user = userEvent.setup({ delay: null });
    try {
      render(<Form logic={logic} />);
      expect(serialize(h.actor().getSnapshot())).toEqual(serialize(path.steps[0].state));
      expectScreen(path.steps[0].state);
      for (const step of path.steps.slice(1)) {
        if (!(await h.settle(step.event))) await act(() => perform(step.event, user));
        expect(serialize(h.actor().getSnapshot()), `after ${step.event.type}`).toEqual(serialize(step.state));
        expectScreen(step.state);
        const child = h.actor().getSnapshot().children.changePassword as { getSnapshot(): { input: unknown } } | undefined;
        if (child) expect(child.getSnapshot().input).toEqual(GOOD);
      }
      const done = path.steps.filter((s) => s.event.type === 'xstate.done.actor.changePassword').length;
      expect(loggedIn.mock.calls.length).toBe(done);
    } finally {
      h.restore();
    }
  });

  afterAll(() => {
    console.log(coverage.summary('changePassword (views)', stateCount(changePasswordMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
