import optimizeLocales from '@react-aria/optimize-locales-plugin';

/**
 * Stoa's words are English, so react-aria's own strings (the hidden labels of its widgets: a
 * dialog's "Dismiss", a field's "Show password"...) are kept in en-US only, not in its 30-odd other
 * locales: react-aria falls back to en-US for a browser in any other language, as the rest of the
 * page is. Used by the app's build and by the benchmarks' floors, so both pay the same.
 */
export const reactAriaLocales = () => optimizeLocales.vite({ locales: ['en-US'] });
