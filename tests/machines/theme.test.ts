import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { themeMachine } from '../../src/machines/theme.machine';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage } from './model';

const model = {
  events: [
    { type: 'theme.toggle' },
    { type: 'theme.set', theme: 'dark' },
    { type: 'theme.set', theme: 'light' },
  ],
};

describe.each([null, 'dark', 'light', 'bogus'])('theme machine (stored %s)', (stored) => {
  const input = { stored };
  const paths = coverPaths(themeMachine, { ...model, input });
  const coverage = new TransitionCoverage(themeMachine);
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const applied: string[] = [];
    await replay(themeMachine, path, {
      input,
      coverage,
      provide: { actions: { applyTheme: (_: unknown, params: { theme: string }) => void applied.push(params.theme) } },
      afterStep: (_step, actor) => {
        // The effect always receives the theme the machine now holds.
        expect(applied.at(-1)).toBe((actor.getSnapshot().context as { theme: string }).theme);
      },
    });
    expect(applied[0]).toBe(stored === 'dark' ? 'dark' : 'light');
  });

  afterAll(() => {
    console.log(coverage.summary('theme', stateCount(themeMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
