import type { Group, GroupMembership } from '../../api/groups';
import { GROUP_TABS, type GroupContext, type GroupTab, type ViewerStanding } from './group.types';
import { NAME_SUCCESSOR, SOLE_MEMBER } from './group.copy';

/** Where the viewer stands with the group, and what that lets them see and do. */

/** The member list as far as it is loaded: the group's first page, then the pages asked for. */
export const knownMembers = (c: Pick<GroupContext, 'group' | 'moreMembers'>): GroupMembership[] =>
  c.group ? [...c.group.members, ...c.moreMembers] : [];

/** Everyone the page knows is in the group (accepted and invited): nobody to invite again. */
export const memberIdsOf = (c: Pick<GroupContext, 'group' | 'moreMembers'>) => knownMembers(c).map((m) => m.userId);
/** The invite search's exclusions: every member the page knows. */
export const notToInvite = (c: Pick<GroupContext, 'group' | 'moreMembers'>) => ({ type: 'search.exclude' as const, ids: memberIdsOf(c) });

/** Where the viewer stands with the group. */
export function standingOf(group: Group | null): ViewerStanding {
  const mine = group?.membership;
  if (!mine) return 'none';
  if (mine.status === 'pending') return mine.joinedBy === 'invited' ? 'invited' : 'requested';
  return mine.role === 'admin' ? 'admin' : 'member';
}

/** Whether the viewer may read the group's posts and member list (the server's rule). */
export const seesContent = (c: Pick<GroupContext, 'group' | 'viewerIsSiteAdmin'>) =>
  c.group !== null && (c.group.privacy === 'public' || c.viewerIsSiteAdmin || c.group.membership?.status === 'accepted');

/** Accepted members other than the viewer, as far as the list is loaded: who may take over as admin. */
export const successorsOf = (c: Pick<GroupContext, 'group' | 'moreMembers' | 'viewerId'>) =>
  knownMembers(c).filter((m) => m.status === 'accepted' && m.userId !== c.viewerId);

/** The viewer is the group's only admin: leaving needs a successor. */
export const isLastAdmin = ({ group, viewerId }: Pick<GroupContext, 'group' | 'viewerId'>) =>
  group !== null && standingOf(group) === 'admin' && group.admins.length === 1 && group.admins[0] === viewerId;

/** Which tabs the viewer has, in order. */
export function tabsFor(c: Pick<GroupContext, 'group' | 'viewerIsSiteAdmin'>): GroupTab[] {
  if (!seesContent(c)) return [];
  const standing = standingOf(c.group);
  if (standing === 'admin') return [...GROUP_TABS];
  // A member sees their own posts waiting for review.
  if (standing === 'member') return ['posts', 'members', 'pendingPosts'];
  return ['posts', 'members'];
}

/** Why the leave dialog cannot go ahead yet, or null. */
export function leaveProblem(c: Pick<GroupContext, 'group' | 'moreMembers' | 'viewerId' | 'newAdminId'>): string | null {
  if (!isLastAdmin(c)) return null;
  const successors = successorsOf(c);
  if (successors.length === 0) return SOLE_MEMBER;
  return successors.some((m) => m.userId === c.newAdminId) ? null : NAME_SUCCESSOR;
}
