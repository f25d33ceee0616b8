import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ApiClient } from '../../../src/api/client';
import { createUsersApi } from '../../../src/api/users/client';
import type { UserSummary } from '../../../src/api/users/follows';
import { serverEvents } from '../../../src/api/socket';
import { blockedMembersEventOf, peopleLogic } from '../../../src/effects/people/people';
import { createBus } from '../../../src/effects/shell/socket';
import {
  BLOCKED_FAILED,
  blockedMembersMachine,
  unblockedIdOf,
  unblockFailed,
  unblockToast,
  type BlockedMembersContext,
} from '../../../src/machines/people/blockedMembers.machine';
import { refused } from '../../fixtures/streams';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { ben, blockedMembersModel, ctx, cy, member, serialize, unblocked } from './blockedMembers.model';

const coverage = new TransitionCoverage(blockedMembersMachine);

describe('blocked members machine', () => {
  const paths = pathsOf(blockedMembersModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    await replay(blockedMembersMachine, path, {
      coverage,
      serialize: serialize as never,
      provide: { actions: { showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: BlockedMembersContext;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        const before = ctx(path.steps[path.steps.indexOf(step) - 1].state as never);
        const ids = c.members.map((m) => m._id);
        // One running child per row in flight, with that member's id, and none left behind.
        const running = Object.keys(snapshot.children)
          .filter((id) => id.startsWith('unblock.'))
          .sort();
        expect(running).toEqual(c.unblocking.map((id) => `unblock.${id}`).sort());
        for (const id of c.unblocking) expect(snapshot.children[`unblock.${id}`]!.getSnapshot().input).toEqual({ userId: id });
        if (e.type === 'blockedMembers.unblock' && e.userId === 'u9') expect(c.unblocking).toEqual(before.unblocking);
        const settled = unblockedIdOf(e.type);
        if (settled && e.type.startsWith('xstate.done.')) {
          expect(ids).not.toContain(settled);
          expect(toasts.at(-1)).toEqual({ type: 'success', description: 'Unblocked successfully' });
        }
        if (e.type === 'xstate.error.actor.unblock.u2') {
          expect(ids).toContain('u2');
          expect(toasts.at(-1)).toEqual({ type: 'error', description: 'User not found' });
        }
        if (e.type === 'xstate.error.actor.unblock.u3') {
          // The fallback names the member while their row is there.
          const stillListed = before.members.some((m) => m._id === 'u3');
          expect(toasts.at(-1)).toEqual({ type: 'error', description: stillListed ? unblockFailed('cy') : unblockFailed('this member') });
        }
        if (e.type === 'blockedMembers.lifted') expect(ids).not.toContain('u3');
        if (e.type === 'xstate.error.actor.fetchBlocked') {
          if (actor.getSnapshot().matches('failed')) expect(c.error).toBe('Too many requests');
          // A failed background reload keeps the rows shown.
          else expect(ids).toEqual(before.members.map((m) => m._id));
        }
      },
    });
  });

  afterAll(() => {
    console.log(coverage.summary('blockedMembers', stateCount(blockedMembersMachine)));
    expect(coverage.missed).toEqual([]);
  });
});

describe('blocked members helpers', () => {
  const context = (members: UserSummary[]): BlockedMembersContext => ({ members, error: null, unblocking: [] });

  it('reads the member from a settle event', () => {
    expect(unblockedIdOf('xstate.done.actor.unblock.0190-ab')).toBe('0190-ab');
    expect(unblockedIdOf('xstate.error.actor.unblock.u2')).toBe('u2');
    expect(unblockedIdOf('xstate.done.actor.fetchBlocked')).toBeNull();
  });

  it("toasts the server's message, else an Error's, else a fallback naming the member", () => {
    expect(unblockToast(context([ben]), { type: 'xstate.done.actor.unblock.u2', output: unblocked('u2') })).toEqual({
      type: 'success',
      description: 'Unblocked successfully',
    });
    expect(unblockToast(context([ben]), { type: 'xstate.error.actor.unblock.u2', error: refused('Too many requests', 429) })).toEqual({
      type: 'error',
      description: 'Too many requests',
    });
    expect(unblockToast(context([ben]), { type: 'xstate.error.actor.unblock.u2', error: new TypeError('Failed to fetch') })).toEqual({
      type: 'error',
      description: 'Failed to fetch',
    });
    expect(unblockToast(context([ben]), { type: 'xstate.error.actor.unblock.u2', error: null })).toEqual({
      type: 'error',
      description: 'Could not unblock ben. Please try again.',
    });
  });

  it('turns bus messages into blocked members events', () => {
    expect(blockedMembersEventOf({ event: 'reconnected' })).toEqual({ type: 'blockedMembers.changed' });
    expect(blockedMembersEventOf({ event: 'blocked', userId: 'u4' })).toEqual({ type: 'blockedMembers.changed' });
    const relation = (payload: { userId: string; following?: boolean; blocked?: boolean }) =>
      ({ event: serverEvents.relationChanged, payload }) as const;
    expect(blockedMembersEventOf(relation({ userId: 'u2', blocked: false }))).toEqual({ type: 'blockedMembers.lifted', userId: 'u2' });
    // A block is read through the `blocked` message the socket relays with it, not twice.
    expect(blockedMembersEventOf(relation({ userId: 'u2', following: false, blocked: true }))).toBeNull();
    expect(blockedMembersEventOf(relation({ userId: 'u2', following: true }))).toBeNull();
    expect(blockedMembersEventOf({ event: 'following', userId: 'u2', following: false })).toBeNull();
  });
});

/**
 * The server as the typed client's HTTP function sees it (the outside world): each call answers
 * its recorded body, a refusal as ofetch throws it. The client's own path building is real.
 */
function fakeServer(answers: Record<string, () => { status: number; body: unknown }>) {
  const calls: string[] = [];
  const http = vi.fn(async (path: string, options: { method?: string } = {}) => {
    const key = `${options.method ?? 'GET'} ${path}`;
    calls.push(key);
    const answer = answers[key]?.() ?? { status: 404, body: { message: 'Not found', statusCode: 404 } };
    if (answer.status >= 400) throw refused((answer.body as { message: string }).message, answer.status);
    return answer.body;
  });
  const api = createUsersApi(http as never) as unknown as ApiClient;
  return { api, calls };
}

describe('blocked members effects', () => {
  it('runs the real machine: lists, unblocks, drops a row unblocked elsewhere and reloads after a block', async () => {
    vi.useRealTimers();
    let blocked = [ben, cy];
    const { api, calls } = fakeServer({
      'GET /user/blocked': () => ({ status: 200, body: { users: blocked, count: blocked.length } }),
      'PUT /user/unblock/u2': () => ({ status: 200, body: unblocked('u2') }),
      'PUT /user/unblock/u3': () => ({ status: 429, body: { message: 'Too many requests', statusCode: 429 } }),
    });
    const bus = createBus();
    const shown: unknown[] = [];
    const app = { system: { get: () => undefined } };
    const logic = peopleLogic(app as never, { api, bus }).blockedMembers.provide({
      actions: { showToast: (_: unknown, t: unknown) => void shown.push(t) },
    });
    const actor = createActor(logic).start();
    const ids = () => actor.getSnapshot().context.members.map((m) => m._id);
    await vi.waitFor(() => expect(ids()).toEqual(['u2', 'u3']));

    actor.send({ type: 'blockedMembers.unblock', userId: 'u2' });
    actor.send({ type: 'blockedMembers.unblock', userId: 'u3' });
    expect(actor.getSnapshot().context.unblocking).toEqual(['u2', 'u3']);
    await vi.waitFor(() => expect(actor.getSnapshot().context.unblocking).toEqual([]));
    expect(ids()).toEqual(['u3']);
    expect(shown).toEqual(
      expect.arrayContaining([
        { type: 'success', description: 'Unblocked successfully' },
        { type: 'error', description: 'Too many requests' },
      ]),
    );
    expect(calls).toEqual(expect.arrayContaining(['PUT /user/unblock/u2', 'PUT /user/unblock/u3']));

    // Another tab lifted the block on cy: the server tells this one too.
    bus.publish({ event: serverEvents.relationChanged, payload: { userId: 'u3', blocked: false } });
    expect(ids()).toEqual([]);

    // Another tab blocked dee: the list reads the server again, behind the shown rows.
    const dee = member('u4', 'dee');
    blocked = [dee];
    bus.publish({ event: 'blocked', userId: 'u4' });
    expect(actor.getSnapshot().matches({ loaded: 'refreshing' })).toBe(true);
    await vi.waitFor(() => expect(ids()).toEqual(['u4']));
    expect(calls.filter((c) => c === 'GET /user/blocked')).toHaveLength(2);

    expect(bus.size).toBe(1);
    actor.stop();
    expect(bus.size).toBe(0);
  });

  it('says why the list could not be read', async () => {
    vi.useRealTimers();
    const { api } = fakeServer({ 'GET /user/blocked': () => ({ status: 401, body: { message: 'Unauthorized', statusCode: 401 } }) });
    const actor = createActor(peopleLogic({ system: { get: () => undefined } } as never, { api, bus: createBus() }).blockedMembers).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.error).toBe('Unauthorized');
    expect(BLOCKED_FAILED).toMatch(/Please try again/);
    actor.stop();
  });
});
