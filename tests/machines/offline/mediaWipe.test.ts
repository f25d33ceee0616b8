import { describe, expect, it } from 'vitest';
import { MEDIA_CACHE, MEDIA_EXPIRATION_DB } from '../../../src/api/offline/worker';
import { wipeMedia } from '../../../src/effects/offline/mediaWipe';

/** The browser's Cache Storage, as far as the wipe uses it: named caches, deleted by name. */
function cacheStorage(names: string[], fails = false) {
  const held = new Set(names);
  return {
    held,
    delete: async (name: string) => {
      if (fails) throw new DOMException('The operation is insecure.', 'SecurityError');
      return held.delete(name);
    },
  };
}

/** IndexedDB's factory, as far as the wipe uses it: each deletion answers with `outcome`. */
function databases(names: string[], outcome: 'success' | 'blocked' | 'error' | 'throws' = 'success') {
  const held = new Set(names);
  return {
    held,
    deleteDatabase: (name: string) => {
      if (outcome === 'throws') throw new DOMException('Access denied', 'SecurityError');
      const request = {} as IDBOpenDBRequest;
      setTimeout(() => {
        if (outcome !== 'blocked') held.delete(name);
        request[`on${outcome}`]?.(new Event(outcome) as never);
      });
      return request;
    },
  };
}

describe('wipeMedia (sign-out)', () => {
  it('deletes the worker’s media cache and workbox-expiration’s database, nothing else', async () => {
    const caches = cacheStorage([MEDIA_CACHE, 'workbox-precache-v2-https://stoa.example/']);
    const idb = databases([MEDIA_EXPIRATION_DB, 'stoa-outbox-u1']);
    await wipeMedia(caches, idb);
    expect([...caches.held]).toEqual(['workbox-precache-v2-https://stoa.example/']);
    expect([...idb.held]).toEqual(['stoa-outbox-u1']);
  });

  it('does not wait for a deletion the worker’s open connection blocks', async () => {
    const caches = cacheStorage([MEDIA_CACHE]);
    await wipeMedia(caches, databases([MEDIA_EXPIRATION_DB], 'blocked'));
    expect(caches.held.size).toBe(0);
  });

  it('is quiet where Cache Storage or IndexedDB is missing or refuses', async () => {
    await expect(wipeMedia(undefined, undefined)).resolves.toBeUndefined();
    await expect(wipeMedia(cacheStorage([MEDIA_CACHE], true), databases([MEDIA_EXPIRATION_DB], 'throws'))).resolves.toBeUndefined();
    await expect(wipeMedia(cacheStorage([]), databases([], 'error'))).resolves.toBeUndefined();
  });
});
