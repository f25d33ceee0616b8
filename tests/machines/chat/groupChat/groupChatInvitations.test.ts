import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupChatInvitationsMachine, type InvitationsContext } from '../../../../src/machines/chat/groupChat/groupChatInvitations.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../../model';
import { groupChatInvitationsModel, joinedBooks, model, serialize } from './groupChatInvitations.model';

const coverage = new TransitionCoverage(groupChatInvitationsMachine);

describe('group chat invitations machine', () => {
  const paths = pathsOf(groupChatInvitationsModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const fx = { listed: [] as string[], toasts: [] as { type: string; description: string }[], navigations: [] as string[] };
    await replay(groupChatInvitationsMachine, path, {
      coverage,
      input: model.input,
      serialize: serialize as never,
      provide: {
        actions: {
          listGroup: (_: unknown, g: { _id: string }) => void fx.listed.push(g._id),
          showToast: (_: unknown, t: { type: string; description: string }) => void fx.toasts.push(t),
          navigate: (_: unknown, p: { to: string }) => void fx.navigations.push(p.to),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: InvitationsContext;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
          matches(v: unknown): boolean;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent & Record<string, unknown>;
        // Only groups the member is pending in; the newest invitation first.
        for (const g of c.pending) expect(g.members.find((m) => m.userId === 'me')?.state).toBe('pending');
        if (c.pending.length === 2) expect(c.pending.map((g) => g._id)).toEqual(['g2', 'g1']);
        if (e.type === 'xstate.error.actor.invitations')
          if (snapshot.matches('offline')) expect(c.error).toBeNull();
          else expect(c.error).toBe('Session expired, please sign in again');
        if (e.type === 'invitations.accept' || e.type === 'invitations.decline') {
          if (e.groupId === 'g1')
            expect(snapshot.children.answer?.getSnapshot().input).toEqual({ groupId: 'g1', accept: e.type === 'invitations.accept' });
          else expect(snapshot.matches({ loaded: 'idle' })).toBe(true);
        }
        if (e.type === 'xstate.done.actor.answer') {
          expect(c.pending.map((g) => g._id)).not.toContain('g1');
          if (e.output) {
            expect(fx.listed).toEqual(['g1']);
            expect(fx.toasts.at(-1)).toEqual({ type: 'success', description: 'You joined Books' });
            expect(fx.navigations).toEqual(['/app/social/chat/messages?username=Books&id=g1&isGroup=true']);
          } else {
            expect(fx.listed).toEqual([]);
            expect(fx.toasts.at(-1)).toEqual({ type: 'info', description: 'Invitation declined' });
          }
        }
        if (e.type === 'xstate.error.actor.answer') {
          expect(fx.toasts.at(-1)).toEqual({ type: 'error', description: 'Invitation not found' });
          expect([c.answer, snapshot.matches({ loaded: 'idle' })]).toEqual([null, true]);
        }
        if (e.type === 'invitations.group' && e.group === joinedBooks) expect(c.pending.map((g) => g._id)).not.toContain('g1');
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('groupChatInvitations', stateCount(groupChatInvitationsMachine)));
  expect(coverage.missed).toEqual([]);
});
