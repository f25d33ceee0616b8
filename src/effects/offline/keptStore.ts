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
 * the sign-in route). The page holds one connection open, to the member's database, so a copy's
 * write starts in the same turn as the answer it keeps: a full navigation right after a page's
 * data arrived (a reload, a link out) unloads the document, which aborts a write still waiting
 * for its connection. A delete (a sign-out here or in another tab, another member's confirmation)
 * or a newer version asks the held connection to go (`versionchange`): it closes at once, so the
 * delete is never blocked, and the next call opens the database again, if it is still there.
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
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase).close();
      forget(userId);
    },
    terminated: () => forget(userId),
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

/** The connection the page holds: one member's database (opening, or open). */
let held: { userId: string; db: Promise<KeptDb> } | null = null;

function forget(userId: string) {
  if (held?.userId === userId) held = null;
}

/**
 * The held connection to `userId`'s database, opened when needed (another member's is closed).
 * Without `create`, a database that is not there is not made: the open fails, and is not held.
 */
function connection(userId: string, create: boolean): Promise<KeptDb> {
  if (held?.userId !== userId) {
    void held?.db.then(
      (db) => db.close(),
      () => {},
    );
    held = { userId, db: open(userId, create) };
  } else if (create) {
    // An open that found no database (before the guard's profile) must not stand for this one.
    held.db = held.db.catch(() => open(userId, true));
  }
  const mine = held;
  mine.db.catch(() => {
    if (held === mine) held = null;
  });
  return mine.db;
}

function using<T>(userId: string, work: (db: KeptDb) => Promise<T>, create = false): Promise<T> {
  return connection(userId, create).then(work);
}

export const writeProfile = (userId: string, record: KeptProfileRecord<User>) =>
  using(userId, (db) => db.put(KEPT_STORES.profile, record, KEPT_PROFILE_KEY), true);

export const readProfile = (userId: string) => using(userId, (db) => db.get(KEPT_STORES.profile, KEPT_PROFILE_KEY));

/**
 * Saves a copy (its own transaction, committed at once, so it is kept however soon the page is
 * left), then drops the least recently saved of its kind beyond the kind's bound.
 */
export const writeCopy = (userId: string, record: KeptRecord) =>
  using(userId, async (db) => {
    const put = db.transaction(KEPT_STORES.copies, 'readwrite');
    const written = put.store.put(record);
    put.commit();
    await Promise.all([written, put.done]);
    const tx = db.transaction(KEPT_STORES.copies, 'readwrite');
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
 * The most recently saved copy of `kind` that `matches`, younger than KEPT_MAX_AGE_MS, or null: a
 * copy found by what it holds rather than its key (a profile kept by its member's id, addressed by
 * their name). The bounds keep such a walk short (10 profiles).
 */
export const findCopy = (userId: string, kind: KeptKind, matches: (value: unknown) => boolean, now = Date.now()) =>
  using(userId, async (db): Promise<KeptRecord | null> => {
    const range = IDBKeyRange.bound([kind, now - KEPT_MAX_AGE_MS], [kind, Infinity]);
    const index = db.transaction(KEPT_STORES.copies).store.index(KEPT_BY_KIND);
    for (let cursor = await index.openCursor(range, 'prev'); cursor; cursor = await cursor.continue()) {
      if (matches(cursor.value.value)) return cursor.value;
    }
    return null;
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
