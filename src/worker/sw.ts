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
 *   except the server's own paths (API, socket, media, metrics), which never get the app shell.
 * - Media: the server's images (`/media/...` requested as images, same origin) are answered cache
 *   first from MEDIA_CACHE, kept when the server said 200, at most 300 of them for 30 days, so a
 *   post read before shows its picture offline. Videos, and images on other origins (an S3 public
 *   URL), are not cached. The page deletes the cache on sign-out (src/effects/offline/mediaWipe.ts).
 * - Everything else (API calls, the socket, metrics, videos, other origins) goes to the network as
 *   if no worker were there: /api, /socket.io and /metrics as static routes the worker never sees.
 *
 * Later parts (reading offline, the outbox) add their routes and message handlers below the
 * sections here; the page side talks to the worker only through src/effects/offline.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { MEDIA_PREFIX } from '../api/media/paths';
import { METRICS_PATH, SERVER_PREFIXES } from '../api/paths';
import { MEDIA_CACHE, WORKER_MESSAGES } from '../api/offline/worker';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The server's paths (server/http/client.ts serves none of them as the app): never the app shell. */
const SERVER_PATHS = [...SERVER_PREFIXES, METRICS_PATH];
/** Those the browser sends straight to the network: all but media, whose images the worker caches. */
const NETWORK_PATHS = SERVER_PATHS.filter((path) => path !== MEDIA_PREFIX);
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
  const patterns = NETWORK_PATHS.flatMap((path) => [path, `${path}/*`]).map((pathname) => ({ urlPattern: new URLPattern({ pathname }) }));
  // A browser that refuses the routes still works: the requests then take the fallback path.
  install.waitUntil(install.addRoutes([{ condition: { or: patterns }, source: 'network' }]).catch(() => {}));
});

// ── Navigations: the app shell ────────────────────────────────────────────────────────────────
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS.map(serverPath) }));

// ── Media ─────────────────────────────────────────────────────────────────────────────────────
// The server's images, cache first (they never change under one URL: a new upload is a new
// version in the path). Only a 200 is kept (not an opaque, a 404 or a range's 206); the oldest
// used go past 300 entries or after 30 days, and the whole cache if the browser runs out of room.
// A <video> asks with destination 'video' (and ranges): never matched, always the network.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    request.destination === 'image' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith(`${MEDIA_PREFIX}/`),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// ── Updates ───────────────────────────────────────────────────────────────────────────────────
// The member chose "Reload" (src/effects/offline/appUpdate.ts): this waiting worker takes over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === WORKER_MESSAGES.skipWaiting) void self.skipWaiting();
});
// A first install controls the open page at once (it has no worker, so no older build to mix
// with): its lazy routes then come from the precache, and it keeps working offline. After an
// update this runs only once the member chose Reload, and that page reloads.
clientsClaim();
