import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { serverEvents } from '../../../src/api/socket';
import { inboxEventOf, inboxLogic } from '../../../src/effects/notifications/inbox';
import { createBus } from '../../../src/effects/shell/socket';
import {
  applyChange,
  INBOX_FAILED,
  inboxMachine,
  MORE_FAILED,
  mergeEntries,
  READ_ALL_FAILED,
  REQUEST_FAILED,
  requestOf,
  type InboxContext,
  type InboxPage,
} from '../../../src/machines/notifications/inbox.machine';
import { ada } from '../../fixtures/notifications';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { FIRST, MORE, Snap, inboxModel, n1, n2, n3, n4, serialize, tag } from './inbox.model';

const coverage = new TransitionCoverage(inboxMachine);

describe('inbox machine', () => {
  const paths = pathsOf(inboxModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    const reported: number[] = [];
    await replay(inboxMachine, path, {
      coverage,
      serialize: serialize as never,
      provide: {
        actions: {
          showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t),
          reportUnread: (_: unknown, count: number) => void reported.push(count),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as Snap & {
          context: InboxContext;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const c = snapshot.context;
        const e = step.event;
        // Each entry once, newest activity first.
        expect(new Set(c.items.map((n) => n._id)).size).toBe(c.items.length);
        expect(c.items.map((n) => n.updatedAt)).toEqual([...c.items.map((n) => n.updatedAt)].sort().reverse());
        // One running child per busy entry, none left behind.
        const requests = Object.keys(snapshot.children)
          .filter((id) => requestOf(`xstate.done.actor.${id}`))
          .sort();
        expect(requests).toEqual(
          Object.entries(c.busy)
            .map(([id, request]) => `${request}.${id}`)
            .sort(),
        );
        if (e.type === 'inbox.open') {
          // Marked read at once; the server confirms.
          expect(c.items.find((n) => n._id === 'n1')?.read).toBe(true);
          expect(snapshot.children['read.n1']?.getSnapshot().input).toEqual({ id: 'n1' });
        }
        if (e.type === 'xstate.error.actor.read.n1') {
          expect(c.items.find((n) => n._id === 'n1')?.read).toBe(false);
          expect(toasts.at(-1)).toEqual({ type: 'error', description: 'Notification not found' });
        }
        if (e.type === 'xstate.done.actor.read.n1') expect(reported.at(-1)).toBe(1);
        if (e.type === 'xstate.done.actor.delete.n2') {
          expect(c.items.some((n) => n._id === 'n2')).toBe(false);
          expect(reported.at(-1)).toBe(2);
        }
        if (e.type === 'xstate.error.actor.delete.n2') expect(toasts.at(-1)).toEqual({ type: 'error', description: REQUEST_FAILED.delete });
        if (e.type === 'xstate.done.actor.readAll') {
          expect(c.items.every((n) => n.read)).toBe(true);
          expect([c.unreadCount, reported.at(-1)]).toEqual([0, 0]);
        }
        if (e.type === 'xstate.error.actor.readAll') expect(toasts.at(-1)).toEqual({ type: 'error', description: READ_ALL_FAILED });
        if (e.type === 'xstate.error.actor.morePage') expect(toasts.at(-1)).toEqual({ type: 'error', description: 'Failed to fetch' });
        if (e.type === 'xstate.error.actor.loadPage' && snapshot.matches({ list: 'failed' })) expect(c.error).toBe('Too many requests');
        if (e.type === 'inbox.more' && snapshot.matches({ more: 'loading' }))
          expect(snapshot.children.morePage?.getSnapshot().input).toEqual({ cursor: FIRST.nextCursor });
        if (e.type === 'xstate.done.actor.morePage') expect([c.items.at(-1)?._id, c.nextCursor]).toEqual(['n3', null]);
        if (e.type === 'xstate.done.actor.loadPage') expect(reported.at(-1)).toBe(2);
        if (e.type === 'inbox.arrived') expect([c.items[0]?._id, c.unreadCount]).toEqual(['n4', 3]);
        // Opening the page marks nothing read by itself.
        if (
          e.type === 'xstate.done.actor.loadPage' &&
          !path.steps.some((s) => s.event.type === 'inbox.open' || s.event.type === 'inbox.changed' || s.event.type.endsWith('readAll'))
        ) {
          expect(c.items.find((n) => n._id === 'n1')?.read).toBe(false);
        }
      },
    });
  });

  afterAll(() => {
    console.log(`${coverage.summary('inbox', stateCount(inboxMachine))}, ${paths.length} paths`);
    expect(coverage.missed).toEqual([]);
  });
});

describe('inbox helpers', () => {
  it('merges entries: each once, the newer copy, newest activity first', () => {
    const moved = { ...n3, updatedAt: '2026-11-26T10:50:00.000Z', actors: [ada], actorCount: 2 };
    expect(mergeEntries([n1, n2, n3], [moved, n4]).map((n) => [n._id, n.actorCount])).toEqual([
      ['n3', 2],
      ['n4', 1],
      ['n1', 1],
      ['n2', 1],
    ]);
    // An older copy never replaces a newer one.
    expect(mergeEntries([moved], [n3])).toEqual([moved]);
  });

  it('applies a change from any tab: read, all read, removed, updated', () => {
    expect(applyChange([n1, n2, n3], { unreadCount: 1, read: ['n1'] }).map(tag)).toEqual(['n1:read', 'n2:read', 'n3:unread']);
    expect(applyChange([n1, n3], { unreadCount: 0, allRead: true }).map(tag)).toEqual(['n1:read', 'n3:read']);
    expect(applyChange([n1, n2, n3], { unreadCount: 1, removed: ['n2', 'n9'] }).map((n) => n._id)).toEqual(['n1', 'n3']);
    expect(applyChange([n1], { unreadCount: 1, updated: { ...n1, actorCount: 3 } })[0]?.actorCount).toBe(3);
  });

  it('names the request a settle event is about', () => {
    expect(requestOf('xstate.done.actor.read.0190-ab')).toEqual({ request: 'read', id: '0190-ab' });
    expect(requestOf('xstate.error.actor.delete.n2')).toEqual({ request: 'delete', id: 'n2' });
    expect(requestOf('xstate.done.actor.loadPage')).toBeNull();
    expect([INBOX_FAILED, MORE_FAILED]).toEqual(['Could not load notifications. Please try again.', 'Could not load more notifications']);
  });

  it("turns the socket's inbox events and reconnects into inbox events", () => {
    expect(inboxEventOf({ event: serverEvents.notification, payload: { type: 'inbox', notification: n4, unreadCount: 3 } })).toEqual({
      type: 'inbox.arrived',
      notification: n4,
      unreadCount: 3,
    });
    expect(inboxEventOf({ event: serverEvents.notificationsChanged, payload: { unreadCount: 0, allRead: true } })).toEqual({
      type: 'inbox.changed',
      change: { unreadCount: 0, allRead: true },
    });
    expect(inboxEventOf({ event: 'reconnected' })).toEqual({ type: 'inbox.reconnected' });
    expect(inboxEventOf({ event: serverEvents.notification, payload: { type: 'messages', message: {} as never } })).toBeNull();
  });
});

describe('inbox effects', () => {
  it('runs the real machine against the typed client: pages, opens, deletes, marks all, and hears the bus', async () => {
    const calls: string[] = [];
    const answers: Record<string, unknown> = {
      'GET /notifications': FIRST,
      [`GET /notifications?cursor=${encodeURIComponent(FIRST.nextCursor!)}`]: MORE,
      'PUT /notifications/read/n1': { message: 'Notification marked as read', notification: { ...n1, read: true }, unreadCount: 1 },
      'DELETE /notifications/n2': { message: 'Notification deleted', notificationId: 'n2', unreadCount: 1 },
      'PUT /notifications/read-all': { message: 'All notifications marked as read', unreadCount: 0 },
    };
    const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      const key = `${init?.method ?? 'GET'} ${url.pathname.replace('/api/v1', '')}${url.search}`;
      calls.push(key);
      return key in answers ? Response.json(answers[key]) : Response.json({ message: 'Not found', statusCode: 404 }, { status: 404 });
    });
    const { createApiClient } = await import('../../../src/api/client');
    const api = createApiClient({ baseURL: 'http://stoa.test', getToken: () => 'jwt', fetch: fetch as typeof globalThis.fetch });
    const bus = createBus();
    const badge: number[] = [];
    const app = {
      system: {
        get: (id: string) =>
          id === 'unreadBadge' ? ({ send: (e: { unreadCount: number }) => void badge.push(e.unreadCount) } as never) : undefined,
      },
    };
    const actor = createActor(inboxLogic(app, { api, bus }).provide({ actions: { showToast: () => {} } })).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true));
    actor.send({ type: 'inbox.more' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.items.map((n) => n._id)).toEqual(['n1', 'n2', 'n3']));
    actor.send({ type: 'inbox.open', id: 'n1' });
    actor.send({ type: 'inbox.delete', id: 'n2' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.busy).toEqual({}));
    expect(actor.getSnapshot().context.items.map(tag)).toEqual(['n1:read', 'n3:unread']);
    bus.publish({ event: serverEvents.notification, payload: { type: 'inbox', notification: n4, unreadCount: 2 } });
    expect(actor.getSnapshot().context.items.map((n) => n._id)).toEqual(['n4', 'n1', 'n3']);
    actor.send({ type: 'inbox.readAll' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.items.every((n) => n.read)).toBe(true));
    expect(calls).toEqual([
      'GET /notifications',
      `GET /notifications?cursor=${encodeURIComponent(FIRST.nextCursor!)}`,
      'PUT /notifications/read/n1',
      'DELETE /notifications/n2',
      'PUT /notifications/read-all',
    ]);
    expect(badge).toEqual([2, 2, 1, 1, 0]);
    expect(bus.size).toBe(1);
    actor.stop();
    expect(bus.size).toBe(0);
  });
});

describe('the inbox read offline', () => {
  it('shows the kept first page as such (no Mark all as read), and a reconnect’s reload replaces it', async () => {
    const KEPT_AT = Date.parse('2025-01-01T10:42:00.000Z');
    const pages: InboxPage[] = [{ ...FIRST, nextCursor: null, keptAt: KEPT_AT }, FIRST];
    const readAll = vi.fn(async () => ({ message: 'All notifications marked as read', unreadCount: 0 }));
    const actor = createActor(
      inboxMachine.provide({
        actors: {
          loadPage: fromPromise<InboxPage, { cursor: string | null }>(async () => pages.shift()!),
          readAll: fromPromise(readAll),
          live: fromCallback(() => () => {}),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    expect(actor.getSnapshot().context.keptAt).toBe(KEPT_AT);
    expect(actor.getSnapshot().context.items.map(tag)).toEqual(['n1:unread', 'n2:read']);
    actor.send({ type: 'inbox.readAll' });
    actor.send({ type: 'inbox.more' });
    expect(actor.getSnapshot().matches({ readAll: 'idle', more: 'idle' })).toBe(true);
    expect(readAll).not.toHaveBeenCalled();
    actor.send({ type: 'inbox.reconnected' });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }) && s.context.keptAt === null);
    expect(actor.getSnapshot().context.nextCursor).toBe(FIRST.nextCursor);
    actor.send({ type: 'inbox.readAll' });
    await waitFor(actor, (s) => s.context.unreadCount === 0);
    expect(readAll).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});
