import type { SnapshotFrom } from 'xstate';
import type { memberByNameMachine } from './memberByName.machine';

/** A profile address with the name only, read from the memberByName machine's snapshot. */

export type MemberByNameSnapshot = SnapshotFrom<typeof memberByNameMachine>;

export const isFindingMember = (s: MemberByNameSnapshot) => s.matches('finding');
export const hasMemberLookupFailed = (s: MemberByNameSnapshot) => s.matches('failed');
export const memberLookupError = (s: MemberByNameSnapshot) => s.context.error;
/** The member's id once found; null when nobody has that name. */
export const foundMemberId = (s: MemberByNameSnapshot) => s.context.userId;
