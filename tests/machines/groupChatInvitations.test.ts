import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupChatInvitationsMachine, type InvitationsContext } from '../../src/machines/groupChatInvitations.machine';
import { refused } from '../fixtures/streams';
import { ben, me, member, team } from './groupChatFixtures';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';

const at = (minute: number) => `2025-01-02T09:${String(minute).padStart(2, '0')}:00.000Z`;
/** Ben's groups that invite Ada (pending), the older first. */
const invite = (id: string, name: string, minute: number) =>
  team({ _id: id, name, createdBy: ben.id, admins: [ben.id], members: [member(ben, { role: 'admin' }), member(me, { state: 'pending', joinedAt: at(minute) })] });
const books = invite('g1', 'Books', 1);
const chess = invite('g2', 'Chess', 5);
const joinedBooks = team({ ...books, members: [member(ben, { role: 'admin' }), member(me, { joinedAt: at(9) })] });

const serialize = (snapshot: { value: unknown; context: unknown }) => {
  const c = snapshot.context as InvitationsContext;
  return JSON.stringify({ value: snapshot.value, pending: c.pending.map((g) => g._id), error: c.error, answer: c.answer });
};

const model = {
  serialize,
  input: { me },
  events: [
    { type: 'xstate.done.actor.invitations', output: [books] },
    { type: 'xstate.error.actor.invitations', error: refused('Session expired, please sign in again', 401) },
    { type: 'invitations.accept', groupId: 'g1' },
    { type: 'invitations.decline', groupId: 'g1' },
    { type: 'invitations.accept', groupId: 'g-unknown' },
    { type: 'xstate.done.actor.answer', output: joinedBooks },
    { type: 'xstate.done.actor.answer', output: null },
    { type: 'xstate.error.actor.answer', error: refused('Invitation not found', 404) },
    // Live: a new invitation, the same group once joined elsewhere, a group deleted.
    { type: 'invitations.group', group: chess },
    { type: 'invitations.group', group: joinedBooks },
    { type: 'invitations.removed', groupId: 'g1' },
  ] as ModelEvent[],
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as InvitationsContext;
    const t = event.type;
    const asLoaded = c.pending.map((g) => g._id).join() === 'g1';
    // An accept answer only for an accept, a decline's for a decline.
    if (t === 'xstate.done.actor.answer') return (event.output === null) === (c.answer?.accept === false);
    if (t.startsWith('xstate.')) return true;
    if (t === 'invitations.group' || t === 'invitations.removed') return asLoaded || (snapshot.matches('loading') && c.pending.length === 0);
    if (t === 'invitations.reconnected') return asLoaded || snapshot.matches('failed');
    return asLoaded;
  },
};

const coverage = new TransitionCoverage(groupChatInvitationsMachine);

describe('group chat invitations machine', () => {
  const paths = coverPaths(groupChatInvitationsMachine, model as never);
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
        if (e.type === 'xstate.error.actor.invitations') expect(c.error).toBe('Session expired, please sign in again');
        if (e.type === 'invitations.accept' || e.type === 'invitations.decline') {
          if (e.groupId === 'g1') expect(snapshot.children.answer?.getSnapshot().input).toEqual({ groupId: 'g1', accept: e.type === 'invitations.accept' });
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
