import type { BlockedMembersSnapshot } from './blockedMembers.machine';

export const blockedMembers = (s: BlockedMembersSnapshot) => s.context.members;
export const isBlockedListLoading = (s: BlockedMembersSnapshot) => s.matches('loading');
export const hasBlockedListFailed = (s: BlockedMembersSnapshot) => s.matches('failed');
export const blockedListError = (s: BlockedMembersSnapshot) => s.context.error;
