import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { adminActionMachine, type AdminAction } from '../../../src/machines/admin/adminAction.machine';
import { hasActionDialog, isSendingAction, selectReasonRule } from '../../../src/machines/admin/adminAction.connect';

// A request that never answers: the dialog stays where it waits for it.
const pending = fromPromise(() => new Promise<never>(() => {})) as never;

const start = (action: AdminAction) =>
  createActor(adminActionMachine.provide({ actors: { perform: pending } }), { input: { action } }).start();

describe("a moderation action's dialog", () => {
  it('shows for a ban, asking for a reason, and stays while the ban is sent', () => {
    const actor = start({ type: 'ban', userId: 'u2', username: 'bob' });
    expect(hasActionDialog(actor.getSnapshot())).toBe(true);
    expect(selectReasonRule(actor.getSnapshot())).toBe('required');
    actor.send({ type: 'action.reason', value: 'Spam, again and again' });
    actor.send({ type: 'action.confirm' });
    expect(isSendingAction(actor.getSnapshot())).toBe(true);
    expect(hasActionDialog(actor.getSnapshot())).toBe(true);
  });

  it('is not shown for taking a report into review (it is sent at once)', () => {
    const actor = start({ type: 'postReportStatus', postId: 'p1', label: 'A post', status: 'reviewing' });
    expect(isSendingAction(actor.getSnapshot())).toBe(true);
    expect(hasActionDialog(actor.getSnapshot())).toBe(false);
  });

  it('is gone once cancelled', () => {
    const actor = start({ type: 'unban', userId: 'u2', username: 'bob' });
    expect(selectReasonRule(actor.getSnapshot())).toBe('none');
    actor.send({ type: 'action.cancel' });
    expect(hasActionDialog(actor.getSnapshot())).toBe(false);
  });
});
