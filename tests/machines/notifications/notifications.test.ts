import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_COLORS } from '../../../src/api/constants';
import {
  NOTIFICATION_ICONS,
  notificationsMachine,
  type NotificationsContext,
} from '../../../src/machines/notifications/notifications.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { notificationsModel } from './notifications.model';

describe('notifications machine', () => {
  const paths = pathsOf(notificationsModel, 'all transitions');
  const coverage = new TransitionCoverage(notificationsMachine);
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(notificationsMachine, path, {
      coverage,
      afterStep: (step, actor) => {
        const { notifications } = actor.getSnapshot().context as NotificationsContext;
        // No two notifications share a description.
        expect(new Set(notifications.map((n) => n.description)).size).toBe(notifications.length);
        // The state says whether the list is empty.
        expect(actor.getSnapshot().value).toBe(notifications.length ? 'listing' : 'empty');
        // Icon and colour follow the type.
        for (const n of notifications) {
          expect(n.backgroundColor).toBe(TOAST_COLORS[n.type]);
          expect(n.icon).toBe(NOTIFICATION_ICONS[n.type]);
        }
        if (step.event.type === 'notifications.add') {
          // The new one is at the front.
          const added = (step.event as unknown as { notification: { description: string; type: string } }).notification;
          expect(notifications[0]).toMatchObject(added);
        }
        if (step.event.type === 'notifications.clear') expect(notifications).toEqual([]);
      },
    });
  });

  it('keeps at most 50, newest first', async () => {
    const { createActor } = await import('xstate');
    const actor = createActor(notificationsMachine).start();
    for (let i = 0; i < 60; i++) {
      actor.send({ type: 'notifications.add', notification: { description: `Notice ${i}`, type: 'info' } });
    }
    const { notifications } = actor.getSnapshot().context;
    expect(notifications).toHaveLength(50);
    expect(notifications[0].description).toBe('Notice 59');
    expect(notifications[0].id).toBe('n-60');
  });

  afterAll(() => {
    console.log(coverage.summary('notifications', stateCount(notificationsMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
