import type { Group } from '../../api/groups';
import {
  hasRequested,
  isInvited,
  isMember,
  selectBusy,
  selectHasMore,
  selectIsLoading,
  selectIsSearching,
  selectLoadingMore,
  type GroupsSnapshot,
} from './groups.machine';

/**
 * What the groups list shows and what the member may do about each group, read from the groups
 * machine's snapshot. Views ask these instead of reading the context or a group's membership.
 */

export { hasRequested, isInvited, isMember, selectBusy, selectHasMore, selectIsLoading, selectIsSearching, selectLoadingMore };

export const selectFailed = (s: GroupsSnapshot) => s.matches({ lists: 'failed' });
export const selectError = (s: GroupsSnapshot) => s.context.error;
export const selectMine = (s: GroupsSnapshot) => s.context.mine;
export const selectInvitations = (s: GroupsSnapshot) => s.context.invitations;
export const selectDiscover = (s: GroupsSnapshot) => s.context.discover;
export const selectResults = (s: GroupsSnapshot) => s.context.results;
export const selectSearchError = (s: GroupsSnapshot) => s.context.searchError;

/** The member is an admin of the group (its card in My groups carries an Admin badge). */
export const isGroupAdmin = (group: Group) => group.membership?.role === 'admin';
