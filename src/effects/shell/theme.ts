import { fromCallback, type EventObject } from 'xstate';
import { STORAGE_KEYS } from '../../api/constants';
import { themeMachine, type Theme, type ThemeChoice } from '../../machines/shell/theme.machine';
import { storage } from './storage';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The system's colour-scheme query, where the browser has one. */
const darkQuery = (): MediaQueryList | null => (typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(DARK_QUERY) : null);

/** The system's colour scheme now (light where it cannot be read). */
export const systemTheme = (): Theme => (darkQuery()?.matches ? 'dark' : 'light');

/** The system's colour scheme now, then its changes, as `theme.systemChanged`, while the machine follows them. */
export const systemThemeActor = (query: () => MediaQueryList | null = darkQuery) =>
  fromCallback<EventObject>(({ sendBack }) => {
    const list = query();
    if (!list) return () => {};
    const changed = (event: Pick<MediaQueryListEvent, 'matches'>) =>
      sendBack({ type: 'theme.systemChanged', theme: event.matches ? 'dark' : 'light' });
    // The member may turn "match system" on long after boot: start from the scheme as it is.
    changed(list);
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
    saveTheme: (_, { choice }: { choice: ThemeChoice }) => storage.set(STORAGE_KEYS.theme, choice),
  },
});
