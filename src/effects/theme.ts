import { STORAGE_KEYS } from '../api/constants';
import { themeMachine, type Theme } from '../machines/theme.machine';
import { storage } from './storage';

export const themeLogic = themeMachine.provide({
  actions: {
    applyTheme: (_, { theme }: { theme: Theme }) => {
      storage.set(STORAGE_KEYS.theme, theme);
      document.documentElement.classList.toggle('dark', theme === 'dark');
      document.documentElement.style.colorScheme = theme;
    },
  },
});
