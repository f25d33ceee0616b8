/// <reference lib="webworker" />
/**
 * Stoa's service worker (docs/client-offline.md), built by vite-plugin-pwa in injectManifest
 * mode: Workbox writes the build's file list into `self.__WB_MANIFEST`, the rest is ours.
 *
 * - Precache: the app shell (index.html), every route's chunk, the styles, fonts, icons and the
 *   manifest, one cache versioned by the build (hashed names, index.html by its revision). A
 *   page is served by one build only: a new worker waits (no skipWaiting here) until the member
 *   chooses Reload (the page posts SKIP_WAITING) or every Stoa tab is closed.
 * - Navigations: answered with the precached index.html, online or not (client-side routing),
 *   except the server's own paths (API, socket, media, metrics), which the worker never touches.
 * - Everything else (API calls, the socket, media, other origins) goes to the network as if no
 *   worker were there: the worker only answers what it precached.
 *
 * Later parts (reading offline, the outbox) add their routes and message handlers below the
 * sections here; the page side talks to the worker only through src/effects/offline.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { METRICS_PATH, SERVER_PREFIXES } from '../api/paths';
import { WORKER_MESSAGES } from '../api/offline/worker';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The server's paths (server/http/client.ts serves none of them as the app): never the app shell. */
const SERVER_PATHS = [...SERVER_PREFIXES, METRICS_PATH];
const serverPath = (prefix: string) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/|$|\\?)`);

// ── Precache ──────────────────────────────────────────────────────────────────────────────────
precacheAndRoute(self.__WB_MANIFEST);
// Caches of an older Workbox precache format, left by an older worker.
cleanupOutdatedCaches();

// ── The server's paths skip the worker ────────────────────────────────────────────────────────
// With a fetch handler installed (Workbox's router), every request of a controlled page would wake
// the worker and reach the network only as its fallback: a cost on each API call, and a fallback
// the browser's own view of the page's network (DevTools' offline emulation) does not cover, so a
// send from an offline page could still reach the server. The Service Worker Static Routing API
// (Chromium 123+, not yet in TypeScript's lib) sends them straight to the network instead.
interface StaticRoute {
  condition: { or: { urlPattern: unknown }[] };
  source: 'network';
}
type RoutingInstallEvent = ExtendableEvent & { addRoutes?: (routes: StaticRoute[]) => Promise<void> };
declare const URLPattern: (new (init: { pathname: string }) => unknown) | undefined;

self.addEventListener('install', (event) => {
  const install = event as RoutingInstallEvent;
  if (!install.addRoutes || typeof URLPattern === 'undefined') return;
  const patterns = SERVER_PATHS.flatMap((path) => [path, `${path}/*`]).map((pathname) => ({ urlPattern: new URLPattern({ pathname }) }));
  // A browser that refuses the routes still works: the requests then take the fallback path.
  install.waitUntil(install.addRoutes([{ condition: { or: patterns }, source: 'network' }]).catch(() => {}));
});

// ── Navigations: the app shell ────────────────────────────────────────────────────────────────
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS.map(serverPath) }));

// ── Updates ───────────────────────────────────────────────────────────────────────────────────
// The member chose "Reload" (src/effects/offline/appUpdate.ts): this waiting worker takes over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === WORKER_MESSAGES.skipWaiting) void self.skipWaiting();
});
// A first install controls the open page at once (it has no worker, so no older build to mix
// with): its lazy routes then come from the precache, and it keeps working offline. After an
// update this runs only once the member chose Reload, and that page reloads.
clientsClaim();
