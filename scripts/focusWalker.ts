import type { Plugin } from 'vite';

/** react-aria's own modules, which import its focus scope module by a relative path. */
const REACT_ARIA_MODULE = /[\\/]react-aria[\\/]dist[\\/]private[\\/]/;
/** An import from the focus scope module: the names imported, and the path as written. */
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*"((?:\.\/|(?:\.\.\/)+focus\/)FocusScope\.mjs)"/g;
/** The focus scope module's exports that keep no state (they walk the DOM). */
const STATELESS = new Set(['getFocusableTreeWalker', 'createFocusManager']);
const WALKER = '?walker';

/**
 * react-aria's `FocusScope.mjs` holds the FocusScope component (the dialogs' focus trap, with the
 * tree of open scopes) and two helpers that only walk the DOM: `getFocusableTreeWalker` (the
 * tabs', lists' and radios' arrow keys) and `createFocusManager` (toolbars). A module is one
 * chunk's, so the tabs on the sign-in page and the toggle buttons on the streams brought the whole
 * component into `base` for the dialogs' sake. Modules that import only those two helpers are
 * given a copy of the module of their own (`FocusScope.mjs?walker`), from which the bundler keeps
 * only them; the component stays in the chunk of what draws it. The helpers keep no state, so two
 * copies of them behave as one. Used by the app's build and by the benchmarks' floors.
 */
export function focusWalkerApart(): Plugin {
  return {
    name: 'stoa:focus-walker-apart',
    enforce: 'pre',
    transform(code, id) {
      if (!REACT_ARIA_MODULE.test(id) || !code.includes('FocusScope.mjs"')) return null;
      let changed = false;
      const rewritten = code.replace(IMPORT, (statement: string, names: string, path: string) => {
        const imported = names.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]);
        if (!imported.every((name) => STATELESS.has(name))) return statement;
        changed = true;
        return statement.replace(path, path + WALKER);
      });
      return changed ? { code: rewritten, map: null } : null;
    },
  };
}
