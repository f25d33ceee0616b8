/**
 * How deep into Stoa the tab's current history entry is: 0 for the entry the member opened Stoa
 * on (a link from elsewhere, a bookmark, a new tab), one more for each entry Stoa pushed after it.
 * A page's Back goes back in history only when the entry before is Stoa's own; otherwise it goes
 * to the page's parent (docs/client-shell.md, Page headers).
 *
 * The depth is written into each entry's `history.state`, so it survives a reload and is right
 * again after the browser's own back and forward. Pushes and replaces are seen through the
 * `pushState` / `replaceState` events wouter dispatches for every navigation (it patches the
 * History API once, when it loads), moves through history through `popstate`.
 */
const KEY = 'stoaDepth';

let depth = 0;
let started = false;
let stamping = false;

function storedDepth(): number | null {
  const state: unknown = history.state;
  if (state && typeof state === 'object' && KEY in state) {
    const value = (state as Record<string, unknown>)[KEY];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  }
  return null;
}

function stamp(to: number) {
  depth = to;
  const state: unknown = history.state;
  stamping = true;
  try {
    history.replaceState({ ...(state && typeof state === 'object' ? state : {}), [KEY]: to }, '');
  } finally {
    stamping = false;
  }
}

/** Starts following the tab's history (once; main.tsx calls it before the first route draws). */
export function startInAppHistory() {
  if (started || typeof window === 'undefined') return;
  started = true;
  stamp(storedDepth() ?? 0);
  window.addEventListener('pushState', () => stamp(depth + 1));
  // A replace keeps the entry's depth (a redirect is no step back).
  window.addEventListener('replaceState', () => {
    if (!stamping) stamp(depth);
  });
  window.addEventListener('popstate', () => {
    depth = storedDepth() ?? 0;
  });
}

/** Whether the entry before this one is Stoa's own, so going back stays in the app. */
export function cameFromInsideApp(): boolean {
  return depth > 0;
}
