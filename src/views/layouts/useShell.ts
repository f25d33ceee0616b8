import { useSelector } from '@xstate/react';
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useRouter } from 'wouter';
import type { User } from '../../api/auth';
import { sessionProfile } from '../../machines/session/session.connect';
import { useApp } from '../AppContext';

/**
 * The signed-in member, read defensively: the session actor belongs to the auth work and the
 * shell must not crash while it is missing or still restoring.
 */
export function useSessionProfile(): User | null {
  const app = useApp();
  const session = useSelector(app, (s) => s.children.session);
  return useSelector(session, sessionProfile);
}

/** The absolute path of the current location, also inside a nested router. */
export function useAbsolutePath(): string {
  const [location] = useLocation();
  const { base } = useRouter();
  return location.startsWith('~') ? location.slice(1) : `${base ?? ''}${location}`;
}

/** The app's navigation actor (sidebar and search bar), if it runs. */
export function useNavigationActor() {
  const app = useApp();
  return useSelector(app, (s) => s.children.navigation);
}

/** Whether a media query matches (false where the environment has no matchMedia). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => globalThis.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

/** The width from which the sidebar is always shown (Tailwind's lg). */
export const WIDE_SCREEN = '(min-width: 1024px)';

/**
 * Publishes the sticky header's height as `--app-header-height` on <html>, so the toasts sit
 * just below it (covering none of its controls) however tall it grows (the phone's search bar
 * opens inside it). Returns the ref for the header; the property goes when the layout does.
 */
export function useHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const header = ref.current;
    const root = document.documentElement;
    if (!header) return;
    const publish = () => root.style.setProperty('--app-header-height', `${header.getBoundingClientRect().height}px`);
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(header);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--app-header-height');
    };
  }, []);
  return ref;
}
