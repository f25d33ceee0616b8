import type { $Fetch } from 'ofetch';
import { groupsPaths as paths } from './paths';
import type {
  CreateGroupBody,
  GroupAnswer,
  GroupIdAnswer,
  GroupMembersPage,
  Groups,
  GroupsPage,
  JoinAnswer,
  PendingGroupInvitations,
  PendingMembers,
  SingleGroup,
  UpdateGroupBody,
} from './schemas';

/** The Group API part of the typed client (group posts are the posts client's, group chats the chat client's). */
export function createGroupsApi(http: $Fetch) {
  return {
    groups: {
      create: (body: CreateGroupBody) => http<GroupAnswer>(paths.groups.create, { method: 'POST', body }),
      userGroups: (userId: string) => http<Groups>(paths.groups.userGroups(userId)),
      invitations: () => http<PendingGroupInvitations>(paths.groups.invitations),
      /** Groups to discover; the next page with the cursor the last one named. */
      notJoined: (cursor?: string) => http<GroupsPage>(paths.groups.notJoined, cursor === undefined ? {} : { query: { cursor } }),
      /** Every group, or those matching `search`. */
      all: (query: { search?: string; cursor?: string } = {}) => http<GroupsPage>(paths.groups.all(query)),
      one: (groupId: string) => http<SingleGroup>(paths.groups.one(groupId)),
      members: (groupId: string, cursor?: string) => http<GroupMembersPage>(paths.groups.members(groupId), { query: { cursor } }),
      pending: (groupId: string) => http<PendingMembers>(paths.groups.pending(groupId)),
      join: (groupId: string) => http<JoinAnswer>(paths.groups.join(groupId), { method: 'POST' }),
      acceptInvitation: (groupId: string) => http<GroupAnswer>(paths.groups.acceptInvitation(groupId), { method: 'PUT' }),
      declineInvitation: (groupId: string) => http<GroupIdAnswer>(paths.groups.declineInvitation(groupId), { method: 'PUT' }),
      /** Leaving, or withdrawing one's own request; the last admin names a successor. */
      leave: (groupId: string, newAdminId?: string) =>
        http<GroupIdAnswer>(paths.groups.leave(groupId), { method: 'PUT', body: newAdminId ? { newAdminId } : {} }),
      approve: (groupId: string, userId: string) => http<GroupAnswer>(paths.groups.approve(groupId, userId), { method: 'PUT' }),
      reject: (groupId: string, userId: string) => http<GroupIdAnswer>(paths.groups.reject(groupId, userId), { method: 'PUT' }),
      promote: (groupId: string, userId: string) => http<GroupAnswer>(paths.groups.promote(groupId, userId), { method: 'PUT' }),
      addMembers: (groupId: string, members: string[]) =>
        http<GroupAnswer>(paths.groups.addMembers(groupId), { method: 'PUT', body: { members } }),
      removeMembers: (groupId: string, members: string[]) =>
        http<GroupAnswer>(paths.groups.removeMembers(groupId), { method: 'PUT', body: { members } }),
      update: (groupId: string, body: UpdateGroupBody) => http<GroupAnswer>(paths.groups.one(groupId), { method: 'PUT', body }),
      remove: (groupId: string) => http<GroupIdAnswer>(paths.groups.one(groupId), { method: 'DELETE' }),
    },
  };
}

export type GroupsApi = ReturnType<typeof createGroupsApi>;
