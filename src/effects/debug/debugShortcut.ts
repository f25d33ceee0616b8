/** Whether the debug panel opens at load: `?debug=1` in the address. */
export const debugRequested = (search = globalThis.location?.search ?? '') => new URLSearchParams(search).get('debug') === '1';

/** Ctrl+Alt+J (also with ⌘ on a Mac) toggles the debug panel. */
export const isDebugShortcut = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && event.altKey && event.code === 'KeyJ';

/**
 * In development, `?journal=<url>` opens the statechart explorer replaying that journal file
 * (docs/statecharts/README.md); production builds ignore it.
 */
export const journalRequested = (search = globalThis.location?.search ?? '', dev = import.meta.env.DEV): string | undefined =>
  (dev && new URLSearchParams(search).get('journal')) || undefined;
