import { beforeEach, describe, expect, it, vi } from 'vitest';
import { personalizeMachine, type PersonalizeContext } from '../../src/machines/personalize.machine';
import { refused } from '../fixtures/streams';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';

const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as PersonalizeContext;
  return JSON.stringify({ value: snapshot.value, settings: c.settings, confirmed: c.confirmed, error: c.error, message: c.message });
};

const model = {
  serialize,
  events: [
    { type: 'xstate.done.actor.fetchSettings', output: { user: { personalizeSettings: { allowPersonalize: true, interests: ['music'] } } } },
    { type: 'xstate.error.actor.fetchSettings', error: refused('User not found', 404) },
    { type: 'personalize.setAllow', allow: false },
    { type: 'personalize.toggleTopic', topic: 'music' },
    { type: 'personalize.toggleTopic', topic: 'art' },
    { type: 'xstate.done.actor.saveSettings', output: { message: 'Saved', personalizeSettings: { allowPersonalize: false, interests: ['art'] } } },
    { type: 'xstate.error.actor.saveSettings', error: refused('Too many requests', 429) },
    { type: 'xstate.done.actor.clearInterests', output: { message: 'Interests cleared', personalizeSettings: { allowPersonalize: true, interests: [] } } },
    { type: 'xstate.error.actor.clearInterests', error: new Error('Network down') },
    { type: 'xstate.done.actor.clearBehavior', output: { message: 'Cleared 3 records', cleared: 3 } },
    { type: 'xstate.error.actor.clearBehavior', error: new Error('Network down') },
  ] as ModelEvent[],
  // Each change is tried on the loaded settings once.
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as PersonalizeContext;
    if (!event.type.startsWith('personalize.') || event.type === 'personalize.retry') return true;
    return c.settings.interests.join() === 'music' && c.settings.allowPersonalize && c.message === null;
  },
};

const coverage = new TransitionCoverage(personalizeMachine);

describe('personalize machine', () => {
  const input = { userId: 'u1' };
  const paths = coverPaths(personalizeMachine, { ...model, input } as never);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { description: string }[] = [];
    const allowed: boolean[] = [];
    await replay(personalizeMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      provide: {
        actions: {
          showToast: (_: unknown, t: { description: string }) => void toasts.push(t),
          allowChanged: (_: unknown, allow: boolean) => void allowed.push(allow),
        },
      },
      afterStep: (step, actor) => {
        const c = actor.getSnapshot().context as PersonalizeContext;
        const e = step.event as ModelEvent;
        if (e.type === 'personalize.toggleTopic') expect((c.settings.interests as string[]).includes(e.topic as string)).toBe(e.topic !== 'music');
        if (e.type === 'xstate.error.actor.saveSettings') {
          expect(c.settings).toEqual(c.confirmed);
          expect(toasts.at(-1)!.description).toBe('Too many requests');
        }
        if (e.type === 'xstate.done.actor.saveSettings') expect(allowed.at(-1)).toBe(false);
        if (e.type === 'xstate.done.actor.clearInterests') expect(c.settings.interests).toEqual([]);
        if (e.type === 'xstate.done.actor.clearBehavior') expect(c.message).toBe('Cleared 3 records');
      },
    });
  });

  it('covers every transition', () => {
    console.log(coverage.summary('personalize', stateCount(personalizeMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
