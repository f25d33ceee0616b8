import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { systemThemeActor } from '../../../src/effects/shell/theme';
import { themeMachine } from '../../../src/machines/shell/theme.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { inputs, themeModel } from './theme.model';

// One coverage for every start: only a stored "system" starts following the system.
const coverage = new TransitionCoverage(themeMachine);

describe.each(themeModel.covers)('theme machine ($label)', ({ label, options }) => {
  const input = options.input as (typeof inputs)[number];
  const paths = pathsOf(themeModel, label);
  // Light until the member chooses (spec sections 4 and 9), whatever the system says.
  const atStart = input.stored === 'dark' || input.stored === 'light' ? input.stored : input.stored === 'system' ? input.system : 'light';
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const applied: string[] = [];
    const saved: string[] = [];
    let matching = input.stored === 'system';
    await replay(themeMachine, path, {
      input,
      coverage,
      provide: {
        actions: {
          applyTheme: (_: unknown, params: { theme: string }) => void applied.push(params.theme),
          saveTheme: (_: unknown, params: { choice: string }) => void saved.push(params.choice),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot();
        const { theme, matchSystem } = snapshot.context as { theme: string; matchSystem: boolean };
        const event = step.event as { type: string; theme?: string };
        // The effect always receives the theme the machine now holds.
        expect(applied.at(-1)).toBe(theme);
        if (event.type === 'theme.matchSystem') matching = true;
        if (event.type === 'theme.toggle' || event.type === 'theme.set') matching = false;
        expect(matchSystem).toBe(matching);
        expect(snapshot.value).toBe(matching ? 'system' : 'fixed');
        // The system moves the theme only when the member chose to match it.
        if (event.type === 'theme.systemChanged') expect(theme).toBe(event.theme);
        // Every choice is stored, as made; nothing is stored before one.
        if (event.type === 'theme.matchSystem') expect(saved.at(-1)).toBe('system');
        if (event.type === 'theme.set') expect(saved.at(-1)).toBe(event.theme);
        if (event.type === 'theme.toggle') expect(saved.at(-1)).toBe(theme);
        if (!path.steps.slice(1).some((s) => s.event.type !== 'theme.systemChanged')) expect(saved).toEqual([]);
      },
    });
    expect(applied[0]).toBe(atStart);
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
  it('stays light on a dark system until the member chooses; "match system" follows it live from where it is; a theme chosen stops that', () => {
    const query = fakeQuery(true);
    const applied: string[] = [];
    const saved: string[] = [];
    const actor = createActor(
      themeMachine.provide({
        actors: { systemTheme: systemThemeActor(() => query.list) },
        actions: { applyTheme: (_, { theme }) => void applied.push(theme), saveTheme: (_, { choice }) => void saved.push(choice) },
      }),
      { input: { stored: null, system: 'dark' } },
    ).start();
    expect(actor.getSnapshot().context.theme).toBe('light');
    expect(query.listeners.size).toBe(0);
    actor.send({ type: 'theme.matchSystem' });
    expect(actor.getSnapshot().context.theme).toBe('dark');
    query.change(false);
    expect(applied).toEqual(['light', 'dark', 'light']);
    actor.send({ type: 'theme.toggle' });
    expect(query.listeners.size).toBe(0);
    expect(actor.getSnapshot().context.theme).toBe('dark');
    expect(saved).toEqual(['system', 'dark']);
    actor.stop();
  });
});
