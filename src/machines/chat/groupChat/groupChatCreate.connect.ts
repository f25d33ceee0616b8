import type { FoundUser } from './groupChatSearch.machine';
import { selectCreating, type GroupChatCreateSnapshot } from './groupChatCreate.machine';

/** What the "New group chat" form shows and what the member may do, read from its machine's snapshot. */

export { selectCreating };

export const selectName = (s: GroupChatCreateSnapshot) => s.context.name;
export const selectNameError = (s: GroupChatCreateSnapshot) => s.context.nameError;
export const selectInvitees = (s: GroupChatCreateSnapshot) => s.context.invitees;
export const selectError = (s: GroupChatCreateSnapshot) => s.context.error;
/** The group chat exists: the dialog closes. */
export const selectCreated = (s: GroupChatCreateSnapshot) => s.status === 'done';
export const selectSearch = (s: GroupChatCreateSnapshot) => s.children.search;
/** Create group chat (and the form's other controls) may be used: nothing is being sent. */
export const canSubmit = (s: GroupChatCreateSnapshot) => s.can({ type: 'create.submit' });
/** The found member is on the invitation list. */
export const isInvitee = (invitees: FoundUser[], userId: string) => invitees.some((u) => u._id === userId);
