import type { User } from '../../api/auth';
import { KEPT_DB_PREFIX, keptDbName, keptKey, type KeptKind, type KeptRecord } from '../../api/offline/kept';
import type { KeptProfile } from '../../machines/session/authGuard.machine';
import type { HasSystem } from '../shell/bridge';
import { wipeMedia } from './mediaWipe';

/**
 * The member's kept store (docs/client-offline.md, "Reading offline"), as the effects use it.
 * Best effort throughout: a browser without IndexedDB (or with its storage refused) keeps nothing
 * and recalls nothing, and the member reads online as before. idb comes in lazily
 * (./keptStore), so the sign-in route does not carry it; wiping needs only the bare API.
 */

/** A copy read back, with when it was saved. */
export interface Kept<T> {
  value: T;
  savedAt: number;
}

type Store = typeof import('./keptStore');
/** idb's half, once loaded: a copy's write then starts in the turn its answer came (no import to wait for). */
let loaded: Store | null = null;
const store = async (): Promise<Store> => (loaded ??= await import('./keptStore'));
const idb = () => (typeof indexedDB === 'undefined' ? null : indexedDB);

/** Bumped by each wipe: a write that began before it must not bring the data back. */
let generation = 0;

async function keptNames(): Promise<string[]> {
  const factory = idb();
  if (!factory?.databases) return [];
  const all = await factory.databases();
  return all.map((db) => db.name ?? '').filter((name) => name.startsWith(KEPT_DB_PREFIX));
}

function drop(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = idb()?.deleteDatabase(name);
    if (!request) return resolve();
    // Blocked means a connection is still open; the delete still happens once it closes.
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/** Deletes every kept database but `except`'s; answers how many there were. */
async function dropAll(except?: string): Promise<number> {
  try {
    const names = (await keptNames()).filter((name) => name !== except);
    await Promise.all(names.map(drop));
    return names.length;
  } catch {
    // Nothing to wipe where IndexedDB is refused.
    return 0;
  }
}

/**
 * Copies loaded before the guard confirmed their member in this page, whose database is not there
 * yet: right after a sign-in, the first answers (the unread count) can come before the guard's
 * check does. Written once the confirmation does; dropped by a wipe or another member's confirmation.
 */
let early: { userId: string; copies: Map<string, KeptRecord> } | null = null;
/** At most this many copies wait for a confirmation (the first screen's answers need a few). */
const EARLY_MAX = 20;

function holdEarly(userId: string, record: KeptRecord) {
  if (early?.userId !== userId) early = { userId, copies: new Map() };
  early.copies.delete(record.key);
  early.copies.set(record.key, record);
  // The oldest goes first (a Map keeps insertion order).
  if (early.copies.size > EARLY_MAX) early.copies.delete(early.copies.keys().next().value!);
}

/** A live change to the copies still waiting for their member's confirmation. */
function changeEarly<T>(userId: string, kind: KeptKind, id: string | null, change: (value: T) => T | null) {
  if (early?.userId !== userId) return;
  for (const record of early.copies.values()) {
    if (record.kind !== kind || (id !== null && record.key !== keptKey(kind, id))) continue;
    const next = change(record.value as T);
    if (next !== null) record.value = next;
  }
}

/** Deletes every member's kept database on this device (sign-out, a refused token, a cleared session). */
export async function wipeKept(): Promise<void> {
  generation += 1;
  early = null;
  confirmed = null;
  await dropAll();
}

async function digest(token: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Keeps the profile the server just confirmed for `token`. Any other member's kept database goes
 * first: one device, one member's kept data.
 */
export function keepProfile(token: string, user: User): Promise<void> {
  confirming = confirmProfile(token, user);
  return confirming;
}

/**
 * The latest confirmation's write: a copy loaded meanwhile (the area's first page, right after the
 * guard let the member in) waits for it, or it would find no database yet and not be kept.
 */
let confirming: Promise<void> = Promise.resolve();
/** The member whose profile this page last kept: their database is there (until a wipe). */
let confirmed: string | null = null;

async function confirmProfile(token: string, user: User): Promise<void> {
  const started = generation;
  try {
    // Another member's kept data was still here (their session never cleared on this browser): the
    // images their pages brought into the worker's cache go with it.
    if ((await dropAll(keptDbName(user._id))) > 0) void wipeMedia();
    const [{ writeProfile, writeCopy }, tokenDigest] = await Promise.all([store(), digest(token)]);
    if (generation !== started) return;
    await writeProfile(user._id, { tokenDigest, user, savedAt: Date.now() });
    confirmed = user._id;
    const held = early?.userId === user._id ? [...early.copies.values()] : [];
    early = null;
    for (const record of held) if (generation === started) await writeCopy(user._id, record);
  } catch {
    // Kept for offline reading only: without it the member simply cannot read offline.
  }
}

/** The kept profile whose token is `token` (the session's stored token), or null. */
export async function recallProfile(token: string | null): Promise<KeptProfile | null> {
  if (!token) return null;
  try {
    const names = await keptNames();
    if (names.length === 0) return null;
    const [{ readProfile }, tokenDigest] = await Promise.all([store(), digest(token)]);
    for (const name of names) {
      const record = await readProfile(name.slice(KEPT_DB_PREFIX.length));
      if (record?.tokenDigest === tokenDigest) return { token, user: record.user };
    }
  } catch {
    // Nothing readable: as if nothing were kept.
  }
  return null;
}

/** The member the app's session holds, whose kept database the page writes and reads. */
export const keptMemberOf = (app: HasSystem): string | null =>
  (app.system.get('session')?.getSnapshot() as { context?: { profile?: User | null } } | undefined)?.context?.profile?._id ?? null;

/**
 * Keeps a copy of what the member just loaded, only into their database once the guard created it
 * (keptStore opens it without creating it). Nothing is awaited before the write but the guard's
 * confirmation: the page may be left right after the answer is shown.
 */
export async function keepCopy(userId: string | null, kind: KeptKind, id: string, value: unknown): Promise<void> {
  if (!userId) return;
  const started = generation;
  const record: KeptRecord = { key: keptKey(kind, id), kind, savedAt: Date.now(), value };
  try {
    await confirming;
    if (generation !== started) return;
    const { writeCopy } = loaded ?? (await store());
    await writeCopy(userId, record);
  } catch {
    // No database for a member this page has not confirmed yet: kept once the guard does. Else
    // best effort, as above.
    if (generation === started && confirmed !== userId) holdEarly(userId, record);
  }
}

/**
 * Changes the member's kept copy, only where one is kept (nothing is created): `change` answers the
 * new value, or null to leave it; `id` null: every copy of `kind`. For copies that follow what arrives
 * live (a conversation's messages).
 */
export async function changeKept<T>(
  userId: string | null,
  kind: KeptKind,
  id: string | null,
  change: (value: T) => T | null,
): Promise<void> {
  if (!userId) return;
  changeEarly(userId, kind, id, change);
  const started = generation;
  try {
    await confirming;
    if (!(await keptNames()).includes(keptDbName(userId)) || generation !== started) return;
    const { changeCopy, changeCopies } = await store();
    const apply = (value: unknown) => change(value as T);
    await (id === null ? changeCopies(userId, kind, apply) : changeCopy(userId, keptKey(kind, id), apply));
  } catch {
    // Best effort, as above.
  }
}

/** The member's kept copy, or null. */
export async function recallCopy<T>(userId: string | null, kind: KeptKind, id: string): Promise<Kept<T> | null> {
  if (!userId) return null;
  try {
    if (!(await keptNames()).includes(keptDbName(userId))) return null;
    const { readCopy } = await store();
    const record = await readCopy(userId, keptKey(kind, id));
    return record ? { value: record.value as T, savedAt: record.savedAt } : null;
  } catch {
    return null;
  }
}

/** The member's most recently saved copy of `kind` that `matches` (found by what it holds, not its key), or null. */
export async function recallCopyWhere<T>(userId: string | null, kind: KeptKind, matches: (value: T) => boolean): Promise<Kept<T> | null> {
  if (!userId) return null;
  try {
    if (!(await keptNames()).includes(keptDbName(userId))) return null;
    const { findCopy } = await store();
    const record = await findCopy(userId, kind, (value) => matches(value as T));
    return record ? { value: record.value as T, savedAt: record.savedAt } : null;
  } catch {
    return null;
  }
}
