import type { GroupMembership } from '../../api/groups';
import type { MemberSearchActorRef } from '../chat/groupChat/groupChatSearch.machine';
import { GROUP_TABS, type GroupTab } from './group.types';
import { knownMembers } from './group.standing';
import type { GroupSnapshot } from './group.machine';

/** What the group page's views read from a snapshot. */

export function selectTab(s: GroupSnapshot): GroupTab {
  for (const tab of GROUP_TABS) if (s.matches({ loaded: { tab } })) return tab;
  return 'posts';
}
/** Some request of the viewer's or an admin's is running: every action button waits. */
export const selectBusy = (s: GroupSnapshot) => s.matches('loaded') && !s.matches({ loaded: { action: 'idle' } }) && !selectDialog(s);
/** The open dialog, if any. */
export type GroupDialog = 'leave' | 'delete' | 'promote' | 'remove';
const DIALOG_STATES: Record<GroupDialog, [string, string]> = {
  leave: ['leaveDialog', 'leaving'],
  delete: ['confirmingDelete', 'deleting'],
  promote: ['confirmingPromote', 'promoting'],
  remove: ['confirmingRemove', 'removing'],
};
export function selectDialog(s: GroupSnapshot): GroupDialog | null {
  if (!s.matches('loaded')) return null;
  const action = (s.value as { loaded: { action: string } }).loaded.action;
  for (const [dialog, states] of Object.entries(DIALOG_STATES)) if (states.includes(action)) return dialog as GroupDialog;
  return null;
}
/** The member a promote or remove dialog is about. */
export const selectTargetMember = (s: GroupSnapshot) => knownMembers(s.context).find((m) => m.userId === s.context.target) ?? null;
export const selectKnownMembers = (s: GroupSnapshot) => knownMembers(s.context);
/** useSelector's compare for selectKnownMembers: the same rows, so unrelated snapshots do not re-render the list. */
export const sameMembers = (a: GroupMembership[], b: GroupMembership[]) => a.length === b.length && a.every((m, i) => m === b[i]);
export const selectLoadingMembers = (s: GroupSnapshot) => s.matches({ loaded: { memberPages: 'loading' } });
/** Which action runs, by its state name ('joining', 'approving', ...); null when none. */
export function selectRunning(s: GroupSnapshot): string | null {
  if (!s.matches('loaded')) return null;
  const value = (s.value as { loaded: { action: string } }).loaded.action;
  return value === 'idle' || value === 'leaveDialog' || value.startsWith('confirming') ? null : value;
}
/** The admins' invite search (Settings → Invite members). */
export const selectInviteSearch = (s: GroupSnapshot) => s.children.inviteSearch as MemberSearchActorRef | undefined;
export const selectUploading = (s: GroupSnapshot) => s.matches({ loaded: { upload: 'uploading' } });
