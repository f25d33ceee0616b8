import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { serverEvents } from '../../../src/api/socket';
import { badgeEventOf, unreadBadgeLogic } from '../../../src/effects/shell/unreadBadge';
import { createBus } from '../../../src/effects/shell/socket';
import { badgeRetryDelay, unreadBadgeMachine, type UnreadBadgeContext } from '../../../src/machines/shell/unreadBadge.machine';
import type { ApiClient } from '../../../src/api/client';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { unreadBadgeModel } from './unreadBadge.model';

const coverage = new TransitionCoverage(unreadBadgeMachine);

describe('unread badge machine', () => {
  const paths = pathsOf(unreadBadgeModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it('waits longer after each failed read, up to a cap', () => {
    expect([1, 2, 3, 10].map(badgeRetryDelay)).toEqual([5000, 10_000, 20_000, 60_000]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(unreadBadgeMachine, path, {
      coverage,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          matches(v: unknown): boolean;
          context: UnreadBadgeContext;
          children: Record<string, unknown>;
        };
        // It listens and reads only while signed in; signed out it shows nothing.
        expect(Boolean(snapshot.children.live)).toBe(snapshot.matches('signedIn'));
        expect(Boolean(snapshot.children.loadCount)).toBe(snapshot.matches({ signedIn: 'loading' }));
        if (snapshot.matches('signedOut')) expect(snapshot.context).toEqual({ unreadCount: 0, attempts: 0 });
        if (step.event.type === 'badge.count' && snapshot.matches('signedIn')) expect(snapshot.context.unreadCount).toBe(3);
        if (step.event.type === 'xstate.done.actor.loadCount') expect(snapshot.context).toEqual({ unreadCount: 7, attempts: 0 });
      },
    });
  });

  afterAll(() => {
    console.log(coverage.summary('unreadBadge', stateCount(unreadBadgeMachine)));
    expect(coverage.missed).toEqual([]);
  });
});

describe('unread badge effects', () => {
  const entry = {
    _id: 'n1',
    kind: 'follow' as const,
    target: { type: 'profile' as const, id: 'u2', label: 'ben' },
    actors: [],
    actorCount: 1,
    read: false,
    detail: '',
    createdAt: '',
    updatedAt: '',
  };

  it("turns the socket's inbox events and reconnects into badge events, and nothing else", () => {
    expect(badgeEventOf({ event: serverEvents.notification, payload: { type: 'inbox', notification: entry, unreadCount: 4 } })).toEqual({
      type: 'badge.count',
      unreadCount: 4,
    });
    expect(badgeEventOf({ event: serverEvents.notificationsChanged, payload: { unreadCount: 2, read: ['n1'] } })).toEqual({
      type: 'badge.count',
      unreadCount: 2,
    });
    expect(badgeEventOf({ event: 'reconnected' })).toEqual({ type: 'badge.refresh' });
    expect(badgeEventOf({ event: serverEvents.postDeleted, payload: { postId: 'p1' } })).toBeNull();
  });

  it('runs the real machine: reads the count, follows the bus, reads again after a reconnect', async () => {
    const counts = [5, 1];
    const calls: string[] = [];
    const http = vi.fn(async (url: string) => {
      calls.push(url);
      return { unreadCount: counts.shift() ?? 0 };
    });
    const bus = createBus();
    const api = { notifications: { unreadCount: () => http('/notifications/unread-count') } } as unknown as ApiClient;
    const actor = createActor(unreadBadgeLogic({ api, bus })).start();
    expect(bus.size).toBe(0);
    actor.send({ type: 'badge.start' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.unreadCount).toBe(5));
    bus.publish({ event: serverEvents.notification, payload: { type: 'inbox', notification: entry, unreadCount: 6 } });
    expect(actor.getSnapshot().context.unreadCount).toBe(6);
    bus.publish({ event: 'reconnected' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.unreadCount).toBe(1));
    expect(calls).toEqual(['/notifications/unread-count', '/notifications/unread-count']);
    actor.send({ type: 'badge.stop' });
    expect(bus.size).toBe(0);
    expect(actor.getSnapshot().context.unreadCount).toBe(0);
    actor.stop();
  });
});
