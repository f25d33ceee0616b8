/** What the kept store holds on a page's device (docs/client-offline.md, "Reading offline"), read from its IndexedDB. */
import type { Page } from 'playwright-core';
import { KEPT_DB_PREFIX, KEPT_STORES } from '../../../src/api/offline/kept';

/** The names of the kept databases on this device. */
export const keptDatabases = (page: Page) =>
  page.evaluate(
    async (prefix) => (await indexedDB.databases()).map((db) => db.name ?? '').filter((name) => name.startsWith(prefix)),
    KEPT_DB_PREFIX,
  );

/**
 * The keys of the copies kept for `userId`, sorted. The page writes them after each load, in the
 * background (started in the turn the answer came, so a full navigation right after keeps them:
 * tests/e2e/keptStore.test.ts); a journey reads them to see what was kept.
 */
export const keptKeys = (page: Page, userId: string) =>
  page.evaluate(
    ({ name, store }) =>
      new Promise<string[]>((resolve) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains(store)) return resolve((db.close(), []));
          const keys = db.transaction(store).objectStore(store).getAllKeys();
          keys.onsuccess = () => resolve((db.close(), keys.result.map(String).sort()));
        };
        request.onerror = () => resolve([]);
      }),
    { name: `${KEPT_DB_PREFIX}${userId}`, store: KEPT_STORES.copies },
  );
