import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSettings } from '../../src/api/users';
import {
  NOTIFICATION_SAVE_FAILED, notificationSettingsMachine, type NotificationSettingsContext,
} from '../../src/machines/notificationSettings.machine';
import { refused } from '../fixtures/streams';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';
import { ownProfile } from './profileFixtures';

const stored: NotificationSettings = { messages: true, follows: false, reactions: true, comments: true };
const owner = (notifications: NotificationSettings) => ownProfile({ _id: 'u1', username: 'alice', notifications });

const model = {
  input: { userId: 'u1' },
  events: [
    { type: 'xstate.done.actor.fetchSettings', output: { user: owner(stored) } },
    { type: 'xstate.error.actor.fetchSettings', error: refused('Too many requests', 429) },
    { type: 'notificationSettings.set', setting: 'follows', value: true },
    { type: 'xstate.done.actor.saveSetting', output: { message: 'Notification settings updated', user: owner({ ...stored, follows: true }) } },
    { type: 'xstate.error.actor.saveSetting', error: {} },
  ] as ModelEvent[],
};

describe('notification settings machine (model)', () => {
  const paths = coverPaths(notificationSettingsMachine, model);
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
