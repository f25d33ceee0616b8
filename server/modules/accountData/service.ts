import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  DELETION_GRACE_DAYS,
  EXPORT_KEEP_DAYS,
  accountDataPaths,
  type DataExport,
  type DataExportState,
  type AccountDeletion,
  type DeletionState,
  type ExportLink,
  type ScheduledDeletions,
} from '../../../src/api/account/data';
import { WRONG_PASSWORD } from '../../../src/api/account/words';
import { API_BASE } from '../../../src/api/paths';
import { uniqueViolation } from '../../db/errors';
import type { Clock } from '../../clock';
import type { PasswordHasher } from '../../core/passwords';
import type { DatabaseHandle } from '../../db/database';
import { newId } from '../../db/ids';
import type { DataExportsTable } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/httpError';
import type { MediaStorage } from '../../media/storage';
import type { Notifier } from '../notifications/service';
import { writeArchive } from './exportJob';
import type { AccountDataStore } from './store';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A preparing export whose job has not beaten for this long is taken as dead (its process stopped). */
export const EXPORT_STALL_MS = 2 * 60 * 1000;
/** A download link works this long. */
export const EXPORT_LINK_MS = 5 * 60 * 1000;
/** The job records that it is alive at most this often. */
const BEAT_EVERY_MS = 10 * 1000;

export const EXPORT_BUSY = 'Your data is already being prepared';
export const EXPORT_NOT_READY = 'Your data is not ready to download';
export const LINK_EXPIRED = 'This download link has expired. Please download your data again from Settings.';
export const EXPORT_STALLED = 'Preparing your data stopped before it was done. Please try again.';
export const EXPORT_BROKE = 'Your data could not be prepared. Please try again.';
export const NO_PASSWORD = 'Your account has no password (you sign in with Google). Please set one with "Forgot password" first.';
export const DELETION_SCHEDULED = 'Your account will be deleted';
export const DELETION_CANCELLED = 'The deletion of your account was cancelled';
export const NO_DELETION = 'Your account is not scheduled for deletion';

/** Erases one member and what they made (deletion.ts); answers when done. */
export type AccountEraser = (userId: string) => Promise<void>;

export interface AccountDataDeps {
  database: DatabaseHandle;
  store: AccountDataStore;
  media: MediaStorage;
  clock: Clock;
  /** DATA_DIR/exports: where archives are written. */
  exportsDir: string;
  secret: string;
  hasher: PasswordHasher;
  /** Two-factor sign-in: when it is on, deleting the account takes a code from the app too. */
  twoFactor: { isOn(userId: string): Promise<boolean>; checkCodeIfOn(userId: string, code: string | undefined): Promise<void> };
  notifications: Notifier;
  erase: AccountEraser;
  log: FastifyBaseLogger;
}

const present = (row: DataExportsTable): DataExport => ({
  _id: row.id,
  status: row.status,
  createdAt: row.created_at,
  readyAt: row.ready_at,
  expiresAt: row.expires_at,
  size: Number(row.size),
  error: row.error,
});

/**
 * Leaving with your data (`app.services.accountData`): the export job and its archive, and the
 * scheduled deletion of accounts. Background work (the job, the sweep) never runs on a request's time.
 */
export function createAccountDataService(deps: AccountDataDeps) {
  const { store, clock } = deps;
  const now = () => clock.now().toISOString();
  const running = new Set<Promise<void>>();
  const sign = (text: string) => createHmac('sha256', deps.secret).update(`data-export:${text}`).digest('base64url');

  async function removeExports(rows: DataExportsTable[]): Promise<void> {
    for (const row of rows) if (row.file) await fs.rm(path.join(deps.exportsDir, row.file), { force: true });
    await store.removeExports(rows.map((row) => row.id));
  }

  async function runJob(row: DataExportsTable, username: string): Promise<void> {
    let lastBeat = clock.now().getTime();
    const beat = async () => {
      const at = clock.now().getTime();
      if (at - lastBeat < BEAT_EVERY_MS) return;
      lastBeat = at;
      await store.beat(row.id, new Date(at).toISOString());
    };
    const file = `${row.id}.zip`;
    try {
      const size = await writeArchive({
        database: deps.database,
        media: deps.media,
        userId: row.user_id,
        username,
        at: row.created_at,
        file: path.join(deps.exportsDir, file),
        beat,
      });
      const readyAt = clock.now();
      const marked = await store.markReady(row.id, {
        file,
        size,
        readyAt: readyAt.toISOString(),
        expiresAt: new Date(readyAt.getTime() + EXPORT_KEEP_DAYS * DAY_MS).toISOString(),
      });
      if (!marked) {
        // Marked failed (or removed) meanwhile: the archive is nobody's.
        await fs.rm(path.join(deps.exportsDir, file), { force: true });
        return;
      }
      await deps.notifications.notify({ kind: 'dataExportReady', to: row.user_id, actorId: null, target: { type: 'account', id: row.id } });
    } catch (error) {
      deps.log.warn({ err: error }, 'accountData: an export failed');
      await store.markFailed(row.id, EXPORT_BROKE).catch(() => {});
    }
  }

  /** The member's scheduled deletion, or null: the sign-in answers and GET /currentuser carry it (src/api/auth/schemas.ts). */
  const deletionOf = async (userId: string): Promise<AccountDeletion | null> => {
    const row = await store.findDeletion(userId);
    return row ? { requestedAt: row.requested_at, deleteAfter: row.delete_after } : null;
  };

  return {
    async exportState(userId: string): Promise<DataExportState> {
      const row = await store.latestExport(userId);
      return { export: row ? present(row) : null };
    },

    /** Starts preparing a new archive; the one before (ready or failed) goes. One at a time per member. */
    async startExport(userId: string, username: string): Promise<DataExportState> {
      const rows = await store.exportsOf(userId);
      if (rows.some((row) => row.status === 'preparing')) throw conflict(EXPORT_BUSY);
      await removeExports(rows);
      const at = now();
      const row: DataExportsTable = {
        id: newId(),
        user_id: userId,
        status: 'preparing',
        file: '',
        size: 0,
        error: '',
        created_at: at,
        heartbeat_at: at,
        ready_at: null,
        expires_at: null,
      };
      try {
        await store.insertExport(row);
      } catch (error) {
        // Another request of the member's started one in the same instant (0026's unique index).
        if (uniqueViolation(error)) throw conflict(EXPORT_BUSY);
        throw error;
      }
      // In the background: the answer does not wait for the archive.
      const job = runJob(row, username).finally(() => running.delete(job));
      running.add(job);
      return { export: present(row) };
    },

    /** A download address for the member's ready archive: a signed token naming the export, valid EXPORT_LINK_MS. */
    async exportLink(userId: string): Promise<ExportLink> {
      const row = await store.latestExport(userId);
      if (!row || row.status !== 'ready' || (row.expires_at && row.expires_at <= now())) throw notFound(EXPORT_NOT_READY);
      const payload = `${row.id}.${row.user_id}.${clock.now().getTime() + EXPORT_LINK_MS}`;
      const token = `${Buffer.from(payload).toString('base64url')}.${sign(payload)}`;
      return { url: `${API_BASE}${accountDataPaths.accountData.exportDownload(token)}` };
    },

    /** The archive a download token names, when the token is genuine and fresh and the archive still there. */
    async openDownload(token: string): Promise<{ file: string; name: string; size: number }> {
      const [encoded, signature] = token.split('.');
      const payload = Buffer.from(encoded ?? '', 'base64url').toString();
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound(EXPORT_NOT_READY);
      const [id, userId, until] = payload.split('.');
      if (Number(until) < clock.now().getTime()) throw badRequest(LINK_EXPIRED);
      const row = await store.findExport(id);
      if (!row || row.user_id !== userId || row.status !== 'ready' || (row.expires_at && row.expires_at <= now()))
        throw notFound(EXPORT_NOT_READY);
      return { file: path.join(deps.exportsDir, row.file), name: `stoa-data-${row.created_at.slice(0, 10)}.zip`, size: Number(row.size) };
    },

    async deletionState(userId: string): Promise<DeletionState> {
      const [deletion, codeNeeded] = await Promise.all([deletionOf(userId), deps.twoFactor.isOn(userId)]);
      return { deletion, codeNeeded };
    },

    deletionOf,

    /** Schedules the member's deletion DELETION_GRACE_DAYS from now, once their password (and code, with two-factor sign-in on) is confirmed. */
    async scheduleDeletion(userId: string, passwordHash: string | null, password: string, code?: string): Promise<DeletionState> {
      if (!passwordHash) throw badRequest(NO_PASSWORD);
      if (!(await deps.hasher.verify(passwordHash, password))) throw badRequest(WRONG_PASSWORD);
      // After the password, so a wrong password does not use up the code's step.
      await deps.twoFactor.checkCodeIfOn(userId, code);
      const at = clock.now();
      await store.scheduleDeletion({
        user_id: userId,
        requested_at: at.toISOString(),
        delete_after: new Date(at.getTime() + DELETION_GRACE_DAYS * DAY_MS).toISOString(),
      });
      const row = (await store.findDeletion(userId))!;
      return { deletion: { requestedAt: row.requested_at, deleteAfter: row.delete_after }, message: DELETION_SCHEDULED };
    },

    async cancelDeletion(userId: string): Promise<DeletionState> {
      if (!(await store.cancelDeletion(userId))) throw notFound(NO_DELETION);
      return { deletion: null, message: DELETION_CANCELLED };
    },

    async scheduledDeletions(): Promise<ScheduledDeletions> {
      const rows = await store.scheduledDeletions(500);
      return {
        deletions: rows.map((row) => ({
          userId: row.user_id,
          username: row.username,
          email: row.email,
          requestedAt: row.requested_at,
          deleteAfter: row.delete_after,
        })),
      };
    },

    /**
     * The background sweep: preparing exports whose job died are marked failed, expired archives
     * deleted, and accounts past their grace period erased. Answers how many of each.
     */
    async sweep(stopped: () => boolean = () => false): Promise<{ stalled: number; expired: number; erased: number }> {
      const counts = { stalled: 0, expired: 0, erased: 0 };
      const stalledBefore = new Date(clock.now().getTime() - EXPORT_STALL_MS).toISOString();
      for (const row of await store.stalled(stalledBefore, 100)) {
        await store.markFailed(row.id, EXPORT_STALLED);
        counts.stalled += 1;
      }
      const expired = await store.expired(now(), 100);
      await removeExports(expired);
      counts.expired = expired.length;
      for (const row of await store.dueDeletions(now(), 20)) {
        if (stopped()) break;
        await deps.erase(row.user_id);
        counts.erased += 1;
      }
      return counts;
    },

    /** Waits for the running export jobs (a closing app). */
    async settle(): Promise<void> {
      await Promise.allSettled([...running]);
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;

/** Runs `sweep` every `intervalMs` (first soon after start, which also finds exports a dead process left preparing). */
export function startSweeping(service: Pick<AccountDataService, 'sweep'>, log: FastifyBaseLogger, intervalMs = 60 * 1000) {
  let stopped = false;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running || stopped) return;
    running = service
      .sweep(() => stopped)
      .then(
        (counts) => {
          if (counts.stalled + counts.expired + counts.erased > 0) log.info(counts, 'accountData: swept');
        },
        (error: unknown) => log.warn({ err: error }, 'accountData: the sweep failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, 1000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
