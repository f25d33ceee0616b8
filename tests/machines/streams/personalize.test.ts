import { beforeEach, describe, expect, it, vi } from 'vitest';
import { personalizeMachine, type PersonalizeContext } from '../../../src/machines/streams/personalize.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { input, personalizeModel, serialize } from './personalize.model';

const coverage = new TransitionCoverage(personalizeMachine);

describe('personalize machine', () => {
  const paths = pathsOf(personalizeModel, 'all transitions');
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
        if (e.type === 'personalize.toggleTopic')
          expect((c.settings.interests as string[]).includes(e.topic as string)).toBe(e.topic !== 'music');
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
