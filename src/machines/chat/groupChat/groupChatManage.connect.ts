import type { GroupChat, GroupMember } from '../../../api/chat';
import { selectConfirming, selectWorking, type GroupChatManageSnapshot } from './groupChatManage.machine';

/**
 * What a group chat's info panel shows and what the member may do there: the panel's own
 * machine (rename draft, the request asked or running) and the member's rights in the group as
 * the chat list knows it (the server checks them again).
 */

export { selectConfirming, selectWorking };

export const selectNameDraft = (s: GroupChatManageSnapshot) => s.context.nameDraft;
export const selectNameError = (s: GroupChatManageSnapshot) => s.context.nameError;
export const selectError = (s: GroupChatManageSnapshot) => s.context.error;
/** The member left or deleted the group: the panel closes. */
export const selectFinished = (s: GroupChatManageSnapshot) => s.status === 'done';
export const selectSearch = (s: GroupChatManageSnapshot) => s.children.search;

/** Rename may be pressed: nothing runs and the draft differs from the group's name. */
export const canRename = (s: GroupChatManageSnapshot, group: GroupChat) => !selectWorking(s) && s.context.nameDraft.trim() !== group.name;

/** The member is one of the group chat's admins. */
export const isGroupChatAdmin = (group: GroupChat, userId: string) => group.admins.includes(userId);

/** What the member may do about the group itself: an admin renames, invites and deletes; anyone leaves. */
export function groupChatRights(group: GroupChat, meId: string) {
  const admin = isGroupChatAdmin(group, meId);
  return { isAdmin: admin, canRename: admin, canInvite: admin, canDelete: admin, canLeave: true };
}

/** A row of the members list: who they are to the group and what the member may do about them. */
export interface GroupChatMemberRow {
  member: GroupMember;
  isSelf: boolean;
  isAdmin: boolean;
  isInvited: boolean;
  /** An admin makes an accepted member who is not yet an admin an admin. */
  canPromote: boolean;
  /** An admin removes anyone else (an invitee included). */
  canRemove: boolean;
}

/** The members list: members first, then the invited; admins at the top of each, with the member's rights over each. */
export function memberRows(group: GroupChat, meId: string): GroupChatMemberRow[] {
  const amAdmin = isGroupChatAdmin(group, meId);
  const pending = (m: GroupMember) => Number(m.state === 'pending');
  const admin = (m: GroupMember) => Number(isGroupChatAdmin(group, m.userId));
  return [...group.members]
    .sort((a, b) => pending(a) - pending(b) || admin(b) - admin(a))
    .map((member) => {
      const isSelf = member.userId === meId;
      const isAdmin = isGroupChatAdmin(group, member.userId);
      return {
        member,
        isSelf,
        isAdmin,
        isInvited: member.state === 'pending',
        canPromote: amAdmin && !isSelf && member.state === 'accepted' && !isAdmin,
        canRemove: amAdmin && !isSelf,
      };
    });
}

/** How many have joined (invitees not counted). */
export const acceptedCount = (group: GroupChat) => group.members.filter((m) => m.state === 'accepted').length;
