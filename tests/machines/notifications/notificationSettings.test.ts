import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NOTIFICATION_SAVE_FAILED,
  notificationSettingsMachine,
  type NotificationSettingsContext,
} from '../../../src/machines/notifications/notificationSettings.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { model, notificationSettingsModel } from './notificationSettings.model';

describe('notification settings machine (model)', () => {
  const paths = pathsOf(notificationSettingsModel, 'all transitions');
  const coverage = new TransitionCoverage(notificationSettingsMachine);
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: string[] = [];
    await replay(notificationSettingsMachine, path, {
      input: model.input,
      coverage,
      provide: { actions: { showToast: (_: unknown, toast: { description: string }) => void toasts.push(toast.description) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as { context: NotificationSettingsContext; matches(v: string): boolean };
        const c = snapshot.context;
        if (snapshot.matches('saving')) expect(c.settings.follows).toBe(true); // shown at once
        if (step.event.type === 'xstate.error.actor.saveSetting') {
          expect(c.settings).toEqual(c.confirmed); // put back
          expect(toasts.at(-1)).toBe(NOTIFICATION_SAVE_FAILED);
        }
        if (step.event.type === 'xstate.error.actor.fetchSettings') expect(c.error).toBe('Too many requests');
      },
    });
  });

  afterAll(() => {
    console.log(coverage.summary('notificationSettings', stateCount(notificationSettingsMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
