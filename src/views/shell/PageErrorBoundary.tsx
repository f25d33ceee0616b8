import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'wouter';

/** The messages browsers give a dynamic import that could not be fetched (Chromium, Firefox, Safari). */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

interface State {
  error: Error | null;
}

class Boundary extends Component<{ children: ReactNode; location: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  // Another page tries again; while nothing failed, the pages below keep running (no remount).
  componentDidUpdate(previous: { location: string }) {
    if (this.state.error && previous.location !== this.props.location) this.setState({ error: null });
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('A page could not be drawn', error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = CHUNK_FAILURE.test(error.message);
    return (
      <div role="alert" className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-6 text-center">
        <h1 className="text-xl font-bold text-neutral-900 dark:text-white">This page could not be shown</h1>
        <p className="text-neutral-700 dark:text-neutral-300">
          {chunk
            ? 'Stoa could not load it: your connection may have dropped, or Stoa was updated since you opened it. Nothing you wrote was lost.'
            : 'Something went wrong while drawing it. Nothing you wrote was lost.'}
        </p>
        {/* A plain button in the primary style, not components/Button: the boundary draws when
            chunks could not be fetched, so it uses nothing beyond the shell (no react-aria). */}
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-full bg-accent-strong px-5 py-2 font-semibold text-white shadow-sm hover:bg-[#bd2139] active:bg-[#a51c31]"
        >
          Reload
        </button>
      </div>
    );
  }
}

/**
 * Catches what a page throws while it is drawn, above all a route's chunk that could not be
 * fetched (offline, or a new build whose old chunks are gone): React would otherwise unmount the
 * whole app and leave a blank tab. Shows why, with Reload; going to another page tries again.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return <Boundary location={location}>{children}</Boundary>;
}
