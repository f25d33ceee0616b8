import type { SnapshotFrom } from 'xstate';
import type { saveMachine } from './save.machine';

/** Whether a post is saved, as its card shows it, read from the save machine's snapshot. */

export type SaveSnapshot = SnapshotFrom<typeof saveMachine>;

export const isPostSaved = (s: SaveSnapshot) => s.context.saved;
export const isSavingPost = (s: SaveSnapshot) => s.matches('saving');
