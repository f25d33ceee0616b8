import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { systemThemeActor } from '../../src/effects/theme';
import { themeMachine } from '../../src/machines/theme.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from './model';
import { inputs, themeModel } from './models/theme';

// One coverage for every start: a stored choice never reaches `system`, no choice starts there.
const coverage = new TransitionCoverage(themeMachine);

describe.each(themeModel.covers)('theme machine ($label)', ({ label, options }) => {
  const input = options.input as (typeof inputs)[number];
  const paths = pathsOf(themeModel, label);
  const chosenAtStart = input.stored === 'dark' || input.stored === 'light';
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const applied: string[] = [];
    const saved: string[] = [];
    let chosen = chosenAtStart;
    await replay(themeMachine, path, {
      input,
      coverage,
      provide: {
        actions: {
          applyTheme: (_: unknown, params: { theme: string }) => void applied.push(params.theme),
          saveTheme: (_: unknown, params: { theme: string }) => void saved.push(params.theme),
        },
      },
      afterStep: (step, actor) => {
        const { theme } = actor.getSnapshot().context as { theme: string };
        // The effect always receives the theme the machine now holds.
        expect(applied.at(-1)).toBe(theme);
        if (step.event.type !== 'theme.systemChanged') chosen = true;
        // Once chosen, the system no longer moves the theme; before that, it does.
        if (step.event.type === 'theme.systemChanged') {
          expect(theme).toBe(chosen ? (saved.at(-1) ?? input.stored) : (step.event as unknown as { theme: string }).theme);
        }
        // Only a choice is stored, and it is the theme shown.
        if (chosen && saved.length > 0) expect(saved.at(-1)).toBe(theme);
        if (!chosen) expect(saved).toEqual([]);
      },
    });
    expect(applied[0]).toBe(chosenAtStart ? input.stored : input.system);
  });
});

afterAll(() => {
  console.log(coverage.summary('theme', stateCount(themeMachine)));
  expect(coverage.missed).toEqual([]);
});

/** A MediaQueryList stand-in: the real one is the browser's (the e2e journeys use Chromium's). */
function fakeQuery(matches: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  return {
    list: {
      matches,
      addEventListener: (_: string, fn: (event: MediaQueryListEvent) => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: (event: MediaQueryListEvent) => void) => listeners.delete(fn),
    } as unknown as MediaQueryList,
    change: (dark: boolean) => listeners.forEach((fn) => fn({ matches: dark } as MediaQueryListEvent)),
    listeners,
  };
}

describe('theme effects', () => {
  it('follows the system live until the member chooses, then stops listening', () => {
    const query = fakeQuery(false);
    const applied: string[] = [];
    const actor = createActor(
      themeMachine.provide({
        actors: { systemTheme: systemThemeActor(() => query.list) },
        actions: { applyTheme: (_, { theme }) => void applied.push(theme), saveTheme: () => {} },
      }),
      { input: { stored: null, system: 'light' } },
    ).start();
    query.change(true);
    expect(actor.getSnapshot().context.theme).toBe('dark');
    query.change(false);
    expect(applied).toEqual(['light', 'dark', 'light']);
    actor.send({ type: 'theme.toggle' });
    expect(query.listeners.size).toBe(0);
    expect(actor.getSnapshot().context.theme).toBe('dark');
    actor.stop();
  });
});
