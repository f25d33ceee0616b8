import { MEDIA_CACHE, MEDIA_EXPIRATION_DB } from '../../api/offline/worker';

/**
 * Sign-out deletes the service worker's cache of the server's images (docs/client-offline.md,
 * "Images offline") and workbox-expiration's database of their times, so the next member on this
 * browser does not find the pictures the last one saw. Quiet where Cache Storage or IndexedDB is
 * missing or refused (no worker, a private window): nothing was cached then. The worker may hold
 * the expiration database open: its deletion then waits until the worker stops, and this does not
 * wait for it.
 */
export async function wipeMedia(
  cacheStorage: Pick<CacheStorage, 'delete'> | undefined = globalThis.caches,
  factory: Pick<IDBFactory, 'deleteDatabase'> | undefined = globalThis.indexedDB,
): Promise<void> {
  await Promise.all([
    (async () => {
      try {
        await cacheStorage?.delete(MEDIA_CACHE);
      } catch {
        // Cache Storage refused (an insecure origin, storage blocked): nothing cached to delete.
      }
    })(),
    new Promise<void>((resolve) => {
      try {
        const request = factory?.deleteDatabase(MEDIA_EXPIRATION_DB);
        if (!request) return resolve();
        request.onsuccess = request.onerror = request.onblocked = () => resolve();
      } catch {
        resolve();
      }
    }),
  ]);
}
