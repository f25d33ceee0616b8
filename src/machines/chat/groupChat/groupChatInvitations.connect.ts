import type { GroupChat } from '../../../api/chat';
import { selectAnswering, type Answer, type InvitationsSnapshot } from './groupChatInvitations.machine';

/** What the member's group chat invitations show and what they may do, read from the invitations machine's snapshot. */

export { selectAnswering };

export const selectPending = (s: InvitationsSnapshot) => s.context.pending;
export const selectFailed = (s: InvitationsSnapshot) => s.matches('failed');
export const selectError = (s: InvitationsSnapshot) => s.context.error;
/** An answer is on its way: every Accept and Decline waits. */
export const selectBusy = (s: InvitationsSnapshot) => s.context.answer !== null;
/** Which answer to the group runs (of `selectAnswering`): 'accept', 'decline' or null (the button shows "Joining..." / "Declining..."). */
export function answerFor(answer: Answer | null, groupId: string): 'accept' | 'decline' | null {
  if (answer?.groupId !== groupId) return null;
  return answer.accept ? 'accept' : 'decline';
}

/** Who invited the member (whoever the invitation names, else the group's creator), by username. */
export function inviterOf(group: GroupChat, meId: string): string | null {
  const mine = group.members.find((m) => m.userId === meId);
  return group.members.find((m) => m.userId === (mine?.invitedBy ?? group.createdBy))?.username ?? null;
}

/** How many have joined (invitees not counted). */
export const memberCount = (group: GroupChat) => group.members.filter((m) => m.state === 'accepted').length;
