import { assign, fromCallback, setup, type EventObject } from 'xstate';

export type Theme = 'light' | 'dark';

export interface ThemeContext {
  theme: Theme;
  /** Whether the member chose the theme (stored); until then it is the system's. */
  chosen: boolean;
}

export type ThemeEvent =
  | { type: 'theme.toggle' }
  | { type: 'theme.set'; theme: Theme }
  /** The system's colour scheme (prefers-color-scheme) changed. */
  | { type: 'theme.systemChanged'; theme: Theme };

export interface ThemeInput {
  /** What storage holds: the member's choice, if they made one. */
  stored: string | null;
  /** The system's colour scheme now. */
  system: Theme;
}

const isTheme = (value: string | null): value is Theme => value === 'light' || value === 'dark';

/**
 * Light or dark. Until the member chooses, the theme is the system's (prefers-color-scheme) and
 * follows its changes live; a stored choice, or a new one, wins from then on and is saved. The
 * injected actions apply it to the document (the `dark` class on the root) and write storage.
 */
export const themeMachine = setup({
  types: {
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
    input: {} as ThemeInput,
  },
  actors: {
    /** Effect: the system's colour-scheme changes, sent back as `theme.systemChanged`. */
    systemTheme: fromCallback<EventObject>(() => () => {}),
  },
  actions: {
    /** Effect: toggle the `dark` class (and color-scheme) on <html>. */
    applyTheme: (_, _params: { theme: Theme }) => {},
    /** Effect: write the member's choice to storage. */
    saveTheme: (_, _params: { theme: Theme }) => {},
  },
  guards: {
    isChosen: ({ context }) => context.chosen,
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => (isTheme(input.stored) ? { theme: input.stored, chosen: true } : { theme: input.system, chosen: false }),
  initial: 'starting',
  // A choice (the toggle, or theme.set) is stored and applied wherever it is made, and ends
  // following the system.
  on: {
    'theme.toggle': {
      target: '.chosen',
      actions: [
        assign({ theme: ({ context }) => (context.theme === 'dark' ? 'light' : 'dark'), chosen: true }),
        { type: 'saveTheme', params: ({ context }) => ({ theme: context.theme }) },
        { type: 'applyTheme', params: ({ context }) => ({ theme: context.theme }) },
      ],
    },
    'theme.set': {
      target: '.chosen',
      actions: [
        assign({ theme: ({ event }) => event.theme, chosen: true }),
        { type: 'saveTheme', params: ({ context }) => ({ theme: context.theme }) },
        { type: 'applyTheme', params: ({ context }) => ({ theme: context.theme }) },
      ],
    },
  },
  states: {
    starting: {
      entry: { type: 'applyTheme', params: ({ context }) => ({ theme: context.theme }) },
      always: [{ guard: 'isChosen', target: 'chosen' }, { target: 'system' }],
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
    chosen: {},
  },
});
