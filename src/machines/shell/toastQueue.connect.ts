import type { SnapshotFrom } from 'xstate';
import type { toastQueueMachine } from './toastQueue.machine';

/** The toast stack, read from the toast queue's snapshot. */

export type ToastQueueSnapshot = SnapshotFrom<typeof toastQueueMachine>;

/** The toasts shown, oldest first. */
export const shownToasts = (s: ToastQueueSnapshot) => s.context.toasts;
