import type { Plugin } from 'vite';

/** react-aria's focus scope module, and the exports of it that keep no state (they walk the DOM). */
const FOCUS_SCOPE = /[\\/]react-aria[\\/]dist[\\/]private[\\/]/;
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*"((?:\.\/|(?:\.\.\/)+focus\/)FocusScope\.mjs)"/g;
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
      if (!FOCUS_SCOPE.test(id) || !code.includes('FocusScope.mjs"')) return null;
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
