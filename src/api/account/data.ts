import type { $Fetch } from 'ofetch';
import { z } from 'zod';
import { path } from '../path';

/**
 * Leaving with your data (issue 34): the member's data export (a zip prepared in the background,
 * downloadable for 7 days) and the deletion of their account after a 30-day grace period.
 * docs/api.md ("Your data") explains the paths; docs/server.md the job and the deletion.
 */
export const accountDataPaths = {
  accountData: {
    /** GET: the member's export (or null); POST: prepare a new one. */
    export: '/account/export',
    /** POST: a download address for the ready export, valid for a few minutes. */
    exportLink: '/account/export/link',
    /** GET: the archive itself, by the signed token of an export link (a plain link the browser can follow). */
    exportDownload: path('/account/export/download/:token'),
    /** GET: the scheduled deletion (or null); POST {password}: schedule it; DELETE: cancel it. */
    deletion: '/account/deletion',
    /** Admins: the scheduled deletions, soonest first. */
    scheduledDeletions: '/admin/deletions',
  },
} as const;

/** How long a ready archive stays downloadable. */
export const EXPORT_KEEP_DAYS = 7;
/** How long after the request an account is deleted; signing in meanwhile offers to cancel. */
export const DELETION_GRACE_DAYS = 30;

export const EXPORT_STATUSES = ['preparing', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const dataExportSchema = z.object({
  _id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  createdAt: z.string(),
  /** When the archive was ready (null while preparing or after a failure). */
  readyAt: z.string().nullable(),
  /** After this the archive is deleted. */
  expiresAt: z.string().nullable(),
  /** The archive's size in bytes (0 until ready). */
  size: z.number().int().nonnegative(),
  /** Why it failed ('' otherwise). */
  error: z.string(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportStateSchema = z.object({ export: dataExportSchema.nullable() });
export type DataExportState = z.infer<typeof dataExportStateSchema>;

export const exportLinkSchema = z.object({ url: z.string() });
export type ExportLink = z.infer<typeof exportLinkSchema>;

export const PASSWORD_NEEDED = 'Please enter your password';
export const deletionBodySchema = z.object({ password: z.string().min(1, PASSWORD_NEEDED).max(1024) });
export type DeletionBody = z.infer<typeof deletionBodySchema>;

export const accountDeletionSchema = z.object({
  requestedAt: z.string(),
  /** The account and what it made go at this time (or soon after). */
  deleteAfter: z.string(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

export const deletionStateSchema = z.object({ deletion: accountDeletionSchema.nullable(), message: z.string().optional() });
export type DeletionState = z.infer<typeof deletionStateSchema>;

export const scheduledDeletionSchema = accountDeletionSchema.extend({ userId: z.string(), username: z.string(), email: z.string() });
export type ScheduledDeletion = z.infer<typeof scheduledDeletionSchema>;
export const scheduledDeletionsSchema = z.object({ deletions: z.array(scheduledDeletionSchema) });
export type ScheduledDeletions = z.infer<typeof scheduledDeletionsSchema>;

/** The name other members see where a deleted member's name stood (chat, reports). */
export const DELETED_MEMBER = 'deleted member';

/** The account-data part of the typed client. */
export function createAccountDataApi(http: $Fetch) {
  const paths = accountDataPaths.accountData;
  return {
    accountData: {
      exportState: () => http<DataExportState>(paths.export),
      startExport: () => http<DataExportState>(paths.export, { method: 'POST' }),
      exportLink: () => http<ExportLink>(paths.exportLink, { method: 'POST' }),
      deletionState: () => http<DeletionState>(paths.deletion),
      scheduleDeletion: (body: DeletionBody) => http<DeletionState>(paths.deletion, { method: 'POST', body }),
      cancelDeletion: () => http<DeletionState>(paths.deletion, { method: 'DELETE' }),
      scheduledDeletions: () => http<ScheduledDeletions>(paths.scheduledDeletions),
    },
  };
}

export type AccountDataApi = ReturnType<typeof createAccountDataApi>;
