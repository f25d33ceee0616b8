import type { SnapshotFrom } from 'xstate';
import { GOOGLE_NOT_SET_UP, type googleOptionMachine } from './googleOption.machine';

/** Whether the forms' Google button is offered, read from the googleOption machine's snapshot. */

export type GoogleOptionSnapshot = SnapshotFrom<typeof googleOptionMachine>;
export type GoogleOption = 'checking' | 'available' | 'unavailable';

export { GOOGLE_NOT_SET_UP };

/** Where the check stands; a button without the check (no actor) is simply offered. */
export const googleOption = (s: GoogleOptionSnapshot | undefined): GoogleOption => (s ? (s.value as GoogleOption) : 'available');
