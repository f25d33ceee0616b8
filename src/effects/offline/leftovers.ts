import { KEPT_DB_PREFIX } from '../../api/offline/kept';
import { OUTBOX_DB_PREFIX } from '../../api/offline/outbox';
import { MEDIA_CACHE, MEDIA_EXPIRATION_DB } from '../../api/offline/worker';

/**
 * Whether a member's data was left on this device (kept pages, an outbox, cached images): a tab
 * that crashed or was closed before its sign-out finished. Quiet where the browser refuses to say.
 */
export async function leftBehind(
  factory: Pick<IDBFactory, 'databases'> | undefined = globalThis.indexedDB,
  cacheStorage: Pick<CacheStorage, 'has'> | undefined = globalThis.caches,
): Promise<boolean> {
  try {
    const names = factory?.databases ? (await factory.databases()).map((db) => db.name ?? '') : [];
    if (names.some((name) => name.startsWith(KEPT_DB_PREFIX) || name.startsWith(OUTBOX_DB_PREFIX) || name === MEDIA_EXPIRATION_DB))
      return true;
    return (await cacheStorage?.has(MEDIA_CACHE)) === true;
  } catch {
    return false;
  }
}

/**
 * The session's wipes for a page that holds none of that data itself (the light sign-in page,
 * effects/shell/signInPage.ts): the wiping code (kept.ts, outboxWipe.ts, mediaWipe.ts) is fetched
 * only when something was left behind, so the page does not load it to delete nothing.
 */
export async function wipeLeftovers(found: () => Promise<boolean> = leftBehind): Promise<void> {
  if (!(await found())) return;
  const [{ wipeKept }, { wipeOutboxes }, { wipeMedia }] = await Promise.all([
    import('./kept'),
    import('./outboxWipe'),
    import('./mediaWipe'),
  ]);
  await Promise.all([wipeKept(), wipeOutboxes(), wipeMedia()]);
}
