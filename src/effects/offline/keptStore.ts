import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { User } from '../../api/auth';
import {
  KEPT_BY_KIND,
  KEPT_DB_VERSION,
  KEPT_LIMITS,
  KEPT_MAX_AGE_MS,
  KEPT_PROFILE_KEY,
  KEPT_STORES,
  keptDbName,
  type KeptKind,
  type KeptProfileRecord,
  type KeptRecord,
} from '../../api/offline/kept';

/**
 * The member's kept database through idb (loaded only with the member area's effects, never by
 * the sign-in route). Each call opens and closes its connection: a sign-out's delete is never
 * blocked by a connection left open.
 */

interface KeptSchema extends DBSchema {
  profile: { key: string; value: KeptProfileRecord<User> };
  copies: { key: string; value: KeptRecord; indexes: { byKind: [KeptKind, number] } };
}

type KeptDb = IDBPDatabase<KeptSchema>;

/**
 * Only the profile's write (the guard's confirmation) creates the database: a copy written or a
 * read that finds it gone (wiped by a sign-out meanwhile) aborts the creation, which deletes the
 * half-made database again, so nothing of a member outlives the wipe.
 */
function open(userId: string, create: boolean): Promise<KeptDb> {
  return openDB<KeptSchema>(keptDbName(userId), KEPT_DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, transaction) {
      if (oldVersion === 0 && !create) {
        // idb's `done` of this transaction rejects on the abort: handled here, not left unhandled.
        transaction.done.catch(() => {});
        transaction.abort();
        return;
      }
      db.createObjectStore(KEPT_STORES.profile);
      db.createObjectStore(KEPT_STORES.copies, { keyPath: 'key' }).createIndex(KEPT_BY_KIND, ['kind', 'savedAt']);
    },
  });
}

async function using<T>(userId: string, work: (db: KeptDb) => Promise<T>, create = false): Promise<T> {
  const db = await open(userId, create);
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

export const writeProfile = (userId: string, record: KeptProfileRecord<User>) =>
  using(userId, (db) => db.put(KEPT_STORES.profile, record, KEPT_PROFILE_KEY), true);

export const readProfile = (userId: string) => using(userId, (db) => db.get(KEPT_STORES.profile, KEPT_PROFILE_KEY));

/** Saves a copy, then drops the oldest of its kind beyond the kind's bound, in one transaction. */
export const writeCopy = (userId: string, record: KeptRecord) =>
  using(userId, async (db) => {
    const tx = db.transaction(KEPT_STORES.copies, 'readwrite');
    await tx.store.put(record);
    const range = IDBKeyRange.bound([record.kind, 0], [record.kind, Infinity]);
    let extra = (await tx.store.index(KEPT_BY_KIND).count(range)) - KEPT_LIMITS[record.kind];
    for (let cursor = await tx.store.index(KEPT_BY_KIND).openCursor(range); cursor && extra > 0; cursor = await cursor.continue()) {
      await cursor.delete();
      extra -= 1;
    }
    await tx.done;
  });

/** The copy under `key`, unless it is older than KEPT_MAX_AGE_MS (then it is dropped). */
export const readCopy = (userId: string, key: string, now = Date.now()) =>
  using(userId, async (db): Promise<KeptRecord | null> => {
    const record = await db.get(KEPT_STORES.copies, key);
    if (!record) return null;
    if (now - record.savedAt > KEPT_MAX_AGE_MS) {
      await db.delete(KEPT_STORES.copies, key);
      return null;
    }
    return record;
  });

/**
 * Changes the copy under `key` where it is kept already (a conversation's messages as they arrive
 * live), in one transaction: two tabs applying the same message never lose one another's change.
 * `change` answers the new value, or null to leave the copy as it is. Its save time becomes `now`.
 */
export const changeCopy = (userId: string, key: string, change: (value: unknown) => unknown, now = Date.now()) =>
  using(userId, async (db) => {
    const tx = db.transaction(KEPT_STORES.copies, 'readwrite');
    const record = await tx.store.get(key);
    const value = record ? change(record.value) : null;
    if (record && value !== null) await tx.store.put({ ...record, value, savedAt: now });
    await tx.done;
  });

/** Changes each copy of `kind` for which `change` answers a new value (a deletion seen live, in whichever conversation holds it). */
export const changeCopies = (userId: string, kind: KeptKind, change: (value: unknown) => unknown, now = Date.now()) =>
  using(userId, async (db) => {
    const tx = db.transaction(KEPT_STORES.copies, 'readwrite');
    const changed: KeptRecord[] = [];
    const range = IDBKeyRange.bound([kind, 0], [kind, Infinity]);
    for (let cursor = await tx.store.index(KEPT_BY_KIND).openCursor(range); cursor; cursor = await cursor.continue()) {
      const value = change(cursor.value.value);
      if (value !== null) changed.push({ ...cursor.value, value, savedAt: now });
    }
    // Written after the walk: a changed save time moves the record within the index being walked.
    for (const record of changed) await tx.store.put(record);
    await tx.done;
  });
