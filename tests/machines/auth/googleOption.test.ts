import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { googleOptionMachine } from '../../../src/machines/auth/googleOption.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { googleOptionModel } from './googleOption.model';

const coverage = new TransitionCoverage(googleOptionMachine);

describe('google option machine', () => {
  const paths = pathsOf(googleOptionModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(googleOptionMachine, path, {
      coverage,
      afterStep: (step, actor) => {
        const { value } = actor.getSnapshot();
        const event = step.event as { type: string; output?: { googleSignIn: boolean } };
        // The server's word decides; a config that cannot be read leaves the button to try.
        if (event.type === 'xstate.done.actor.fetchConfig') expect(value).toBe(event.output!.googleSignIn ? 'available' : 'unavailable');
        if (event.type === 'xstate.error.actor.fetchConfig') expect(value).toBe('available');
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('googleOption', stateCount(googleOptionMachine)));
  expect(coverage.missed).toEqual([]);
});
