import type { SnapshotFrom } from 'xstate';
import type { themeMachine } from './theme.machine';

/**
 * The theme as the toggle and the settings show it, read from the theme machine's snapshot (none
 * before the app has started it: light, not matching the system).
 */

export type ThemeSnapshot = SnapshotFrom<typeof themeMachine>;

export const shownTheme = (s: ThemeSnapshot | undefined) => s?.context.theme ?? 'light';
export const isDarkTheme = (s: ThemeSnapshot | undefined) => s?.context.theme === 'dark';
/** The theme follows the system's colour scheme (the member said so). */
export const isMatchingSystem = (s: ThemeSnapshot | undefined) => s?.context.matchSystem ?? false;
