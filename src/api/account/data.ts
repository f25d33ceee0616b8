import { z } from 'zod';
import { EXPORT_STATUSES, PASSWORD_NEEDED } from './words';
export { accountDataPaths } from './paths';
export { EXPORT_KEEP_DAYS, DELETION_GRACE_DAYS, EXPORT_STATUSES, type ExportStatus, PASSWORD_NEEDED, DELETED_MEMBER } from './words';

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

export const deletionBodySchema = z.object({
  password: z.string().min(1, PASSWORD_NEEDED).max(1024),
  /** A code from the authenticator app: required when two-factor sign-in is on (`codeNeeded`). */
  code: z.string().trim().max(40, 'That code is too long').optional(),
});
export type DeletionBody = z.infer<typeof deletionBodySchema>;

export const accountDeletionSchema = z.object({
  requestedAt: z.string(),
  /** The account and what it made go at this time (or soon after). */
  deleteAfter: z.string(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

export const deletionStateSchema = z.object({
  deletion: accountDeletionSchema.nullable(),
  message: z.string().optional(),
  /** Two-factor sign-in is on: scheduling the deletion takes a code from the app beside the password. */
  codeNeeded: z.boolean().optional(),
});
export type DeletionState = z.infer<typeof deletionStateSchema>;

export const scheduledDeletionSchema = accountDeletionSchema.extend({ userId: z.string(), username: z.string(), email: z.string() });
export type ScheduledDeletion = z.infer<typeof scheduledDeletionSchema>;
export const scheduledDeletionsSchema = z.object({ deletions: z.array(scheduledDeletionSchema) });
export type ScheduledDeletions = z.infer<typeof scheduledDeletionsSchema>;
