import { fromCallback, type EventObject } from 'xstate';
import { STORAGE_KEYS } from '../api/constants';
import { themeMachine, type Theme } from '../machines/theme.machine';
import { storage } from './storage';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The system's colour-scheme query, where the browser has one. */
const darkQuery = (): MediaQueryList | null => (typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(DARK_QUERY) : null);

/** The system's colour scheme now (light where it cannot be read). */
export const systemTheme = (): Theme => (darkQuery()?.matches ? 'dark' : 'light');

/** The system's colour-scheme changes as `theme.systemChanged`, while the machine follows them. */
export const systemThemeActor = (query: () => MediaQueryList | null = darkQuery) =>
  fromCallback<EventObject>(({ sendBack }) => {
    const list = query();
    if (!list) return () => {};
    const changed = (event: MediaQueryListEvent) => sendBack({ type: 'theme.systemChanged', theme: event.matches ? 'dark' : 'light' });
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  });

export const themeLogic = themeMachine.provide({
  actors: { systemTheme: systemThemeActor() },
  actions: {
    applyTheme: (_, { theme }: { theme: Theme }) => {
      document.documentElement.classList.toggle('dark', theme === 'dark');
      document.documentElement.style.colorScheme = theme;
    },
    saveTheme: (_, { theme }: { theme: Theme }) => storage.set(STORAGE_KEYS.theme, theme),
  },
});
