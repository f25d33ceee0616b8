import type { GroupAnswer, GroupIdAnswer, GroupPrivacy, Group, GroupMembership, JoinAnswer } from '../../api/groups';
import type { Post } from '../../api/posts';
import type { FoundUser, GroupCategory } from './createGroup.machine';

/** The group page's schema: its tabs, context, input, events and the server's answers. */

export const GROUP_TABS = ['posts', 'members', 'pendingPosts', 'pendingMembers', 'settings'] as const;
export type GroupTab = (typeof GROUP_TABS)[number];

export type ViewerStanding = 'none' | 'invited' | 'requested' | 'member' | 'admin';

export interface SettingsErrors {
  name: string | null;
  category: string | null;
  tag: string | null;
  form: string | null;
}

/** The Settings tab's form: the group's fields as the admin edits them. */
export interface SettingsForm {
  name: string;
  description: string;
  privacy: GroupPrivacy;
  categories: GroupCategory[];
  tags: string[];
  tagDraft: string;
  /** The image the group will have: an uploaded url, or '' for the letter placeholder. */
  profileImage: string;
  /** What the form shows: the chosen file's data URL while it uploads, else `profileImage`. */
  preview: string;
  errors: SettingsErrors;
}

export interface GroupContext {
  groupId: string;
  viewerId: string;
  /** Site admins read every group (docs/api.md) but are not group admins. */
  viewerIsSiteAdmin: boolean;
  group: Group | null;
  /**
   * Members after the group's first page, as "Load more members" read them. A new copy of the group
   * keeps them (the page's own promote and remove update them; a change made elsewhere to one of
   * them shows on the next visit).
   */
  moreMembers: GroupMembership[];
  /** Where the member list goes on; null when all of it is loaded. */
  membersCursor: string | null;
  error: string | null;
  pendingMembers: GroupMembership[];
  pendingError: string | null;
  /** The member or post the running action is about (its button says so). */
  target: string | null;
  /** The last admin's choice of successor in the leave dialog. */
  newAdminId: string;
  /** Settings → Invite members: the found members selected to invite, in the order chosen. */
  inviteSelection: FoundUser[];
  /** The leave or delete dialog's message. */
  dialogError: string | null;
  settings: SettingsForm;
}

export interface GroupInput {
  groupId: string;
  viewerId: string;
  viewerIsSiteAdmin?: boolean;
}

export type GroupEvent =
  | { type: 'group.retry' }
  | { type: 'group.tab'; tab: GroupTab }
  | { type: 'group.members.more' }
  // The viewer's membership:
  | { type: 'group.join' }
  | { type: 'group.acceptInvite' }
  | { type: 'group.declineInvite' }
  | { type: 'group.cancelRequest' }
  | { type: 'group.leave' }
  | { type: 'group.leave.successor'; userId: string }
  | { type: 'group.leave.confirm' }
  | { type: 'group.dialog.close' }
  // Group admins:
  | { type: 'group.pending.retry' }
  | { type: 'group.approve'; userId: string }
  | { type: 'group.reject'; userId: string }
  | { type: 'group.acceptPost'; postId: string }
  | { type: 'group.declinePost'; postId: string }
  | { type: 'group.promote'; userId: string }
  | { type: 'group.remove'; userId: string }
  | { type: 'group.delete' }
  | { type: 'group.delete.confirm' }
  | { type: 'group.promote.confirm' }
  | { type: 'group.remove.confirm' }
  /** Select or unselect a found member to invite. */
  | { type: 'group.invite'; user: FoundUser }
  /** Invite the selected members. */
  | { type: 'group.invite.send' }
  | { type: 'group.settings.name'; value: string }
  | { type: 'group.settings.description'; value: string }
  | { type: 'group.settings.privacy'; privacy: GroupPrivacy }
  | { type: 'group.settings.category'; category: GroupCategory }
  | { type: 'group.settings.tagDraft'; value: string }
  | { type: 'group.settings.tagAdd' }
  | { type: 'group.settings.tagRemove'; tag: string }
  /** An image file was chosen, read as a data URL (png). */
  | { type: 'group.settings.image'; dataUrl: string }
  | { type: 'group.settings.imageRemove' }
  | { type: 'group.settings.save' }
  // From the socket (a `group action` about this group), through the bus:
  | { type: 'group.changed' }
  | { type: 'group.deleted' };

export type GroupEmitted = { type: 'postDecided'; post: Post };

/** The replies the page's requests settle with: the contract's (src/api/groups/schemas.ts). */
export type { GroupAnswer, GroupIdAnswer, JoinAnswer };
