/**
 * The contract between the page and its service worker (src/worker/sw.ts): the messages the
 * page posts, the worker's URL and scope. One place for each name.
 */
export const WORKER_MESSAGES = {
  /** The member chose to load the new version: the waiting worker activates. */
  skipWaiting: 'SKIP_WAITING',
} as const;

/** The worker's file, served from the site's root (so its scope is the whole app). */
export const WORKER_URL = '/sw.js';
export const WORKER_SCOPE = '/';
/**
 * The worker's cache of the server's images (`/media/image/...`, cache first, bounded by Workbox's
 * expiration: docs/client-offline.md, "Images offline"). Deleted on sign-out with the kept data.
 */
export const MEDIA_CACHE = 'stoa-media-v1';
/** The IndexedDB database workbox-expiration keeps its entries' times in (deleted with MEDIA_CACHE). */
export const MEDIA_EXPIRATION_DB = 'workbox-expiration';
/** The web app manifest vite-plugin-pwa writes and links from index.html. */
export const MANIFEST_URL = '/manifest.webmanifest';
