import type { AccountDataSnapshot } from './accountData.machine';

/** What the "Your data" views show and may do. */
export const selectExport = (s: AccountDataSnapshot) => s.context.export;
export const selectExportError = (s: AccountDataSnapshot) => s.context.exportError;
export const isExportLoading = (s: AccountDataSnapshot) => s.matches({ export: 'loading' });
export const hasExportFailed = (s: AccountDataSnapshot) => s.matches({ export: 'failed' });
/** Asking the server to start, or the archive is being prepared there. */
export const isPreparing = (s: AccountDataSnapshot) =>
  s.matches({ export: 'starting' }) || s.matches({ export: 'waiting' }) || s.matches({ export: 'checking' });
export const isLinking = (s: AccountDataSnapshot) => s.matches({ export: 'linking' });
export const canDownload = (s: AccountDataSnapshot) => s.context.export?.status === 'ready' && s.matches({ export: 'shown' });

export const selectDeletion = (s: AccountDataSnapshot) => s.context.deletion;
export const selectDeletionError = (s: AccountDataSnapshot) => s.context.deletionError;
/** The confirmation asks for a code from the authenticator app too (two-factor sign-in is on). */
export const isDeletionCodeNeeded = (s: AccountDataSnapshot) => s.context.codeNeeded;
export const isDeletionLoading = (s: AccountDataSnapshot) => s.matches({ deletion: 'loading' });
export const hasDeletionFailed = (s: AccountDataSnapshot) => s.matches({ deletion: 'failed' });
export const isConfirmingDeletion = (s: AccountDataSnapshot) =>
  s.matches({ deletion: 'confirming' }) || s.matches({ deletion: 'scheduling' });
export const isScheduling = (s: AccountDataSnapshot) => s.matches({ deletion: 'scheduling' });
export const isCancelling = (s: AccountDataSnapshot) => s.matches({ deletion: 'cancelling' });
