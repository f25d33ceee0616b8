import type { User } from '../../api/auth';
import type { GroupMembership } from '../../api/groups';
import {
  isLastAdmin,
  knownMembers,
  selectBusy,
  selectDialog,
  selectInviteSearch,
  selectKnownMembers,
  selectLoadingMembers,
  selectRunning,
  selectTab,
  selectTargetMember,
  selectUploading,
  sameMembers,
  standingOf,
  successorsOf,
  tabsFor,
  type GroupInput,
  type GroupSnapshot,
} from './group.machine';

/**
 * What one group's page shows and what the viewer may do there, read from the group machine's
 * snapshot. Views ask these instead of reading the context or comparing roles themselves.
 */

export {
  selectBusy,
  selectDialog,
  selectInviteSearch,
  selectKnownMembers,
  selectLoadingMembers,
  selectRunning,
  selectTab,
  selectTargetMember,
  selectUploading,
  sameMembers,
};

/** The page's input for the signed-in member: a site admin sees every group's content. */
export const groupInputFor = (groupId: string, me: Pick<User, '_id' | 'role'> | null): GroupInput => ({
  groupId,
  viewerId: me?._id ?? '',
  viewerIsSiteAdmin: me?.role === 'ADMIN',
});

export type GroupPhase = 'loading' | 'failed' | 'notFound' | 'gone' | 'loaded';

/** Which part of the page to show: skeleton, error, not found, or the group. */
export function selectPhase(s: GroupSnapshot): GroupPhase {
  for (const phase of ['loading', 'failed', 'notFound', 'gone'] as const) if (s.matches(phase)) return phase;
  return 'loaded';
}

export const selectError = (s: GroupSnapshot) => s.context.error;
export const selectGroup = (s: GroupSnapshot) => s.context.group;
export const selectGroupId = (s: GroupSnapshot) => s.context.groupId;
export const selectGroupName = (s: GroupSnapshot) => s.context.group?.name ?? '';
export const selectViewerId = (s: GroupSnapshot) => s.context.viewerId;
export const selectDialogError = (s: GroupSnapshot) => s.context.dialogError;
export const selectNewAdminId = (s: GroupSnapshot) => s.context.newAdminId;
export const selectSettings = (s: GroupSnapshot) => s.context.settings;
export const selectInviteSelection = (s: GroupSnapshot) => s.context.inviteSelection;
export const selectPendingMembers = (s: GroupSnapshot) => s.context.pendingMembers;
export const selectPendingError = (s: GroupSnapshot) => s.context.pendingError;
export const selectTarget = (s: GroupSnapshot) => s.context.target;
export const selectHasMoreMembers = (s: GroupSnapshot) => s.context.membersCursor !== null;

/** Where the viewer stands: none, invited, requested, member or admin. */
export const selectStanding = (s: GroupSnapshot) => standingOf(s.context.group);
/** The viewer is one of the group's admins. */
export const selectIsGroupAdmin = (s: GroupSnapshot) => standingOf(s.context.group) === 'admin';
/** A group admin accepts or declines the posts waiting for review. */
export const canReviewPosts = (s: GroupSnapshot) => standingOf(s.context.group) === 'admin';
/** The viewer belongs to the group (and so may post in it and leave it). */
export const selectIsMember = (s: GroupSnapshot) => ['member', 'admin'].includes(standingOf(s.context.group));
/** The viewer's posts wait for an admin's review (a member, not an admin). */
export const selectPostsAreReviewed = (s: GroupSnapshot) => standingOf(s.context.group) === 'member';
/** The tabs the viewer has, in order (none: the group is private to them). */
export const selectTabs = (s: GroupSnapshot) => tabsFor(s.context);

/** The viewer is the only admin: the leave dialog asks for a successor. */
export const selectIsLastAdmin = (s: GroupSnapshot) => isLastAdmin(s.context);
/** Who may take over as admin when the last admin leaves. */
export const selectSuccessors = (s: GroupSnapshot) => successorsOf(s.context);

const adminsFirst = (a: GroupMembership, b: GroupMembership) => (a.role === b.role ? 0 : a.role === 'admin' ? -1 : 1);
/** The accepted members loaded so far, admins first. */
export const acceptedMembers = (members: GroupMembership[]) => members.filter((m) => m.status === 'accepted').sort(adminsFirst);
/** An invitation not yet accepted. */
export const isInvitee = (member: GroupMembership) => member.status === 'pending';
/** The member shown with an Admin badge. */
export const isMemberAdmin = (member: GroupMembership) => member.role === 'admin';

/** An admin may make an accepted plain member an admin (the machine's `mayPromote`). */
export const canPromote = (s: GroupSnapshot, member: GroupMembership) =>
  standingOf(s.context.group) === 'admin' && member.status === 'accepted' && member.role === 'member';

/** An admin may remove any other member, or withdraw an invitation (the machine's `isOtherMember`). */
export const canRemove = (s: GroupSnapshot, member: GroupMembership) =>
  standingOf(s.context.group) === 'admin' && member.userId !== s.context.viewerId;

/** A member may open the leave dialog (nothing else running). */
export const canLeave = (s: GroupSnapshot) => s.can({ type: 'group.leave' });

export const selectLeaving = (s: GroupSnapshot) => s.matches({ loaded: { action: 'leaving' } });
export const selectDeleting = (s: GroupSnapshot) => s.matches({ loaded: { action: 'deleting' } });
/** A promote or remove request runs (its dialog shows the busy label). */
export const selectMemberActionRunning = (s: GroupSnapshot) =>
  s.matches({ loaded: { action: 'promoting' } }) || s.matches({ loaded: { action: 'removing' } });
export const selectPendingLoading = (s: GroupSnapshot) => s.matches({ loaded: { tab: { pendingMembers: 'loading' } } });
export const selectPendingFailed = (s: GroupSnapshot) => s.matches({ loaded: { tab: { pendingMembers: 'failed' } } });

/** A row of Settings → Manage members: the member and what the viewer may do about them. */
export interface ManagedMember {
  member: GroupMembership;
  canPromote: boolean;
  canRemove: boolean;
}

/** Everyone an admin manages: every known member but the viewer (invitees included), with the viewer's rights over each. */
export const selectManagedMembers = (s: GroupSnapshot): ManagedMember[] =>
  knownMembers(s.context)
    .filter((m) => m.userId !== s.context.viewerId)
    .map((member) => ({ member, canPromote: canPromote(s, member), canRemove: canRemove(s, member) }));

/** useSelector's compare for selectManagedMembers: the same rows with the same rights. */
export const sameManagedMembers = (a: ManagedMember[], b: ManagedMember[]) =>
  a.length === b.length &&
  a.every((row, i) => row.member === b[i].member && row.canPromote === b[i].canPromote && row.canRemove === b[i].canRemove);

/** The invite search's result is in the selection to invite. */
export const isSelectedToInvite = (selection: { _id: string }[], userId: string) => selection.some((u) => u._id === userId);
