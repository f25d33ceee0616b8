import type { Plugin } from 'vite';

/** The shim's entries and the package's own entries for React 18 and later, which read React's hook. */
const WITHOUT_SHIM: Record<string, string> = {
  'use-sync-external-store/shim': 'use-sync-external-store',
  'use-sync-external-store/shim/index.js': 'use-sync-external-store',
  'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
  'use-sync-external-store/shim/with-selector.js': 'use-sync-external-store/with-selector',
};

/**
 * use-sync-external-store's shim is for React before 18: @xstate/react and wouter import it
 * (`use-sync-external-store/shim`, `.../shim/with-selector`), so its fallback implementation came
 * to every page though React 19 has the hook itself. This resolves those imports to the package's
 * own entries for React 18 and later (`use-sync-external-store`, `.../with-selector`), which read
 * React's hook directly. Used by the app's build and by the benchmarks' floors, so both pay the same.
 */
export function syncExternalStoreWithoutShim(): Plugin {
  return {
    name: 'stoa:sync-external-store-without-shim',
    enforce: 'pre',
    resolveId(source, importer) {
      const target = WITHOUT_SHIM[source];
      return target ? this.resolve(target, importer, { skipSelf: true }) : null;
    },
  };
}
