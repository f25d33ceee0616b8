import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { OUTBOX_DB_VERSION, OUTBOX_ORDER_INDEX, OUTBOX_STORE, outboxDbName } from '../../api/offline/outbox';
import type { OutboxItem } from '../../machines/offline/outbox.types';

/** The member's outbox database (docs/client-offline.md, "Outbox"). Loaded lazily: idb stays out of the entry chunk. */
interface OutboxDb extends DBSchema {
  [OUTBOX_STORE]: { key: string; value: OutboxItem; indexes: { [OUTBOX_ORDER_INDEX]: number } };
}

export type OutboxDatabase = IDBPDatabase<OutboxDb>;

export async function openOutbox(userId: string): Promise<OutboxDatabase> {
  const db: OutboxDatabase = await openDB<OutboxDb>(outboxDbName(userId), OUTBOX_DB_VERSION, {
    upgrade(database) {
      const store = database.createObjectStore(OUTBOX_STORE, { keyPath: 'clientId' });
      store.createIndex(OUTBOX_ORDER_INDEX, 'order');
    },
    // Sign-out deletes the database (this tab's or another's): let it go at once.
    blocking: () => db.close(),
  });
  return db;
}

/** The kept items, in the order written. */
export const keptItems = (db: OutboxDatabase) => db.getAllFromIndex(OUTBOX_STORE, OUTBOX_ORDER_INDEX);
export const keepItem = (db: OutboxDatabase, item: OutboxItem) => db.put(OUTBOX_STORE, item);
/** Deletes the item, unless the kept one has another order: a newer wish another tab wrote in its place. */
export async function dropItem(db: OutboxDatabase, clientId: string, order?: number): Promise<void> {
  const tx = db.transaction(OUTBOX_STORE, 'readwrite');
  const kept = await tx.store.get(clientId);
  if (kept && (order === undefined || kept.order === order)) await tx.store.delete(clientId);
  await tx.done;
}
