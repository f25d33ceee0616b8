import { assign, setup, type EventObject } from 'xstate';
import { requiredCallback } from '../shared/required';

export type Theme = 'light' | 'dark';

/** What storage holds once the member chooses: a theme, or to match the system's. */
export type ThemeChoice = Theme | 'system';

export interface ThemeContext {
  theme: Theme;
  /** The member chose to match the system's colour scheme (settings); off by default. */
  matchSystem: boolean;
}

export type ThemeEvent =
  | { type: 'theme.toggle' }
  | { type: 'theme.set'; theme: Theme }
  /** Follow the system's colour scheme from now on (the settings page's "Match system theme"). */
  | { type: 'theme.matchSystem' }
  /** The system's colour scheme (prefers-color-scheme), now or after a change. */
  | { type: 'theme.systemChanged'; theme: Theme };

export interface ThemeInput {
  /** What storage holds: the member's choice, if they made one. */
  stored: string | null;
  /** The system's colour scheme now. */
  system: Theme;
}

const isTheme = (value: string | null): value is Theme => value === 'light' || value === 'dark';

/**
 * Light or dark: light until the member chooses (spec sections 4 and 9), whatever the system's
 * colour scheme. A choice is saved: a theme (the toggle), or "match system" (the settings page),
 * which follows prefers-color-scheme live until the member picks a theme again. The injected
 * actions apply the theme to the document (the `dark` class on the root) and write storage.
 */
export const themeMachine = setup({
  types: {
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
    input: {} as ThemeInput,
  },
  actors: {
    /** Effect: the system's colour scheme at once, then its changes, sent back as `theme.systemChanged`. */
    systemTheme: requiredCallback<EventObject>(),
  },
  actions: {
    /** Effect: toggle the `dark` class (and color-scheme) on <html>. */
    applyTheme: (_, _params: { theme: Theme }) => {},
    /** Effect: write the member's choice to storage. */
    saveTheme: (_, _params: { choice: ThemeChoice }) => {},
  },
  guards: {
    matchesSystem: ({ context }) => context.matchSystem,
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) =>
    input.stored === 'system'
      ? { theme: input.system, matchSystem: true }
      : { theme: isTheme(input.stored) ? input.stored : 'light', matchSystem: false },
  initial: 'starting',
  // A choice is stored and applied wherever it is made.
  on: {
    'theme.toggle': {
      target: '.fixed',
      actions: [
        assign({ theme: ({ context }) => (context.theme === 'dark' ? 'light' : 'dark'), matchSystem: false }),
        { type: 'saveTheme', params: ({ context }) => ({ choice: context.theme }) },
        { type: 'applyTheme', params: ({ context }) => ({ theme: context.theme }) },
      ],
    },
    'theme.set': {
      target: '.fixed',
      actions: [
        assign({ theme: ({ event }) => event.theme, matchSystem: false }),
        { type: 'saveTheme', params: ({ context }) => ({ choice: context.theme }) },
        { type: 'applyTheme', params: ({ context }) => ({ theme: context.theme }) },
      ],
    },
    'theme.matchSystem': {
      target: '.system',
      actions: [assign({ matchSystem: true }), { type: 'saveTheme', params: { choice: 'system' as const } }],
    },
  },
  states: {
    starting: {
      entry: { type: 'applyTheme', params: ({ context }) => ({ theme: context.theme }) },
      always: [{ guard: 'matchesSystem', target: 'system' }, { target: 'fixed' }],
    },
    system: {
      invoke: { id: 'systemTheme', src: 'systemTheme' },
      on: {
        'theme.systemChanged': {
          actions: [
            assign({ theme: ({ event }) => event.theme }),
            { type: 'applyTheme', params: ({ context }) => ({ theme: context.theme }) },
          ],
        },
      },
    },
    fixed: {},
  },
});
