import { OUTBOX_DB_PREFIX } from '../../api/offline/outbox';

/**
 * Sign-out deletes every member's outbox kept in this browser (docs/client-offline.md, "Outbox"):
 * what was not sent is dropped, so nothing of one member stays for the next. An open outbox
 * closes its connection when asked (outboxDb.ts), so the deletion is not held up. Quiet where
 * IndexedDB is missing or refuses: there is then nothing kept to delete.
 */
export async function wipeOutboxes(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<void> {
  if (!factory?.databases) return;
  try {
    const names = (await factory.databases()).map((db) => db.name ?? '').filter((name) => name.startsWith(OUTBOX_DB_PREFIX));
    await Promise.all(
      names.map(
        (name) =>
          new Promise<void>((resolve) => {
            const request = factory.deleteDatabase(name);
            request.onsuccess = request.onerror = () => resolve();
          }),
      ),
    );
  } catch {
    // Nothing kept, or storage unavailable (a private window): nothing to wipe.
  }
}
