import { assign, setup } from 'xstate';

export type Theme = 'light' | 'dark';

export interface ThemeContext {
  theme: Theme;
}

export type ThemeEvent = { type: 'theme.toggle' } | { type: 'theme.set'; theme: Theme };

/**
 * Light or dark. Starts from what storage holds (default light); every change is saved and
 * applied to the document (the `dark` class on the root) by the injected actions.
 */
export const themeMachine = setup({
  types: {
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
    input: {} as { stored: string | null },
  },
  actions: {
    /** Effect: write `theme` to storage and toggle the `dark` class on <html>. */
    applyTheme: (_, _params: { theme: Theme }) => {},
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => ({ theme: input.stored === 'dark' ? 'dark' : 'light' }),
  initial: 'ready',
  states: {
    ready: {
      entry: { type: 'applyTheme', params: ({ context }) => ({ theme: context.theme }) },
      on: {
        'theme.toggle': {
          actions: [
            assign({ theme: ({ context }) => (context.theme === 'dark' ? 'light' : 'dark') }),
            { type: 'applyTheme', params: ({ context }) => ({ theme: context.theme }) },
          ],
        },
        'theme.set': {
          actions: [
            assign({ theme: ({ event }) => event.theme }),
            { type: 'applyTheme', params: ({ context }) => ({ theme: context.theme }) },
          ],
        },
      },
    },
  },
});
