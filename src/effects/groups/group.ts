import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { Group, GroupMembership, GroupMembersPage, UpdateGroupBody } from '../../api/groups';
import { paths } from '../../api/paths';
import type { PostResponse } from '../../api/posts';
import { serverEvents } from '../../api/socket';
import { groupMachine, type GroupAnswer, type GroupEvent, type JoinAnswer } from '../../machines/groups/group.machine';
import { api as defaultApi } from '../shell/api';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { memberSearchLogic } from '../people/memberSearch';
import { streamsBus, type Bus, type BusMessage } from '../shell/socket';

type Message = { message: string };

/** The /group/... calls of one group's page (the contract: src/api/groups/schemas.ts, docs/api.md). */
export function groupCalls(api: ApiClient) {
  const { http } = api;
  return {
    one: (groupId: string) => http<{ group: Group }>(paths.groups.one(groupId)),
    members: (groupId: string, cursor: string) => http<GroupMembersPage>(paths.groups.members(groupId), { query: { cursor } }),
    pendingMembers: (groupId: string) => http<{ pendingMembers: GroupMembership[] }>(paths.groups.pending(groupId)),
    join: (groupId: string) => http<JoinAnswer>(paths.groups.join(groupId), { method: 'POST' }),
    acceptInvitation: (groupId: string) => http<GroupAnswer>(paths.groups.acceptInvitation(groupId), { method: 'PUT' }),
    declineInvitation: (groupId: string) => http<Message>(paths.groups.declineInvitation(groupId), { method: 'PUT' }),
    leave: (groupId: string, newAdminId?: string) =>
      http<Message>(paths.groups.leave(groupId), { method: 'PUT', body: newAdminId ? { newAdminId } : {} }),
    approve: (groupId: string, userId: string) => http<GroupAnswer>(paths.groups.approve(groupId, userId), { method: 'PUT' }),
    reject: (groupId: string, userId: string) => http<Message>(paths.groups.reject(groupId, userId), { method: 'PUT' }),
    promote: (groupId: string, userId: string) => http<GroupAnswer>(paths.groups.promote(groupId, userId), { method: 'PUT' }),
    invite: (groupId: string, userIds: string[]) =>
      http<GroupAnswer>(paths.groups.addMembers(groupId), { method: 'PUT', body: { members: userIds } }),
    removeMember: (groupId: string, userId: string) =>
      http<GroupAnswer>(paths.groups.removeMembers(groupId), { method: 'PUT', body: { members: [userId] } }),
    update: (groupId: string, body: UpdateGroupBody) => http<GroupAnswer>(paths.groups.one(groupId), { method: 'PUT', body }),
    remove: (groupId: string) => http<Message>(paths.groups.one(groupId), { method: 'DELETE' }),
  };
}

/** A bus message as an event of the page of `groupId`, or null when it is about something else. */
export function groupEventOf(message: BusMessage, groupId: string): GroupEvent | null {
  if (message.event !== serverEvents.groupAction || message.payload.groupId !== groupId) return null;
  return message.payload.type === 'DELETE_GROUP' ? { type: 'group.deleted' } : { type: 'group.changed' };
}

export const liveGroupActor = (bus: Bus) =>
  fromCallback<EventObject, { groupId: string }>(({ input, sendBack }) =>
    bus.subscribe((message) => {
      // After a reconnect the page may have missed changes: read the group again.
      if (message.event === 'reconnected') return sendBack({ type: 'group.changed' });
      const event = groupEventOf(message, input.groupId);
      if (event) sendBack(event);
    }),
  );

/** The group page's machine with its real effects, bound to one app actor. */
export function groupLogic(app: HasSystem, { api = defaultApi, bus = streamsBus }: { api?: ApiClient; bus?: Bus } = {}) {
  const bridge = bridgeActions(app);
  const calls = groupCalls(api);
  type Of<T> = { input: T };
  return groupMachine.provide({
    actors: {
      fetchGroup: fromPromise(({ input }: Of<{ groupId: string }>) => calls.one(input.groupId)),
      fetchMembers: fromPromise(({ input }: Of<{ groupId: string; cursor: string }>) => calls.members(input.groupId, input.cursor)),
      fetchPendingMembers: fromPromise(({ input }: Of<{ groupId: string }>) => calls.pendingMembers(input.groupId)),
      joinGroup: fromPromise(({ input }: Of<{ groupId: string }>) => calls.join(input.groupId)),
      acceptInvitation: fromPromise(({ input }: Of<{ groupId: string }>) => calls.acceptInvitation(input.groupId)),
      declineInvitation: fromPromise(({ input }: Of<{ groupId: string }>) => calls.declineInvitation(input.groupId)),
      leaveGroup: fromPromise(({ input }: Of<{ groupId: string; newAdminId?: string }>) => calls.leave(input.groupId, input.newAdminId)),
      approveMember: fromPromise(({ input }: Of<{ groupId: string; userId: string }>) => calls.approve(input.groupId, input.userId)),
      rejectMember: fromPromise(({ input }: Of<{ groupId: string; userId: string }>) => calls.reject(input.groupId, input.userId)),
      decidePost: fromPromise(({ input }: Of<{ postId: string; accept: boolean }>): Promise<PostResponse> =>
        input.accept ? api.posts.acceptInGroup(input.postId) : api.posts.declineInGroup(input.postId),
      ),
      promoteMember: fromPromise(({ input }: Of<{ groupId: string; userId: string }>) => calls.promote(input.groupId, input.userId)),
      removeMember: fromPromise(({ input }: Of<{ groupId: string; userId: string }>) => calls.removeMember(input.groupId, input.userId)),
      inviteMember: fromPromise(({ input }: Of<{ groupId: string; userIds: string[] }>) => calls.invite(input.groupId, input.userIds)),
      inviteSearch: memberSearchLogic(api),
      updateGroup: fromPromise(({ input }: Of<{ groupId: string; body: UpdateGroupBody }>) => calls.update(input.groupId, input.body)),
      deleteGroup: fromPromise(({ input }: Of<{ groupId: string }>) => calls.remove(input.groupId)),
      uploadImage: fromPromise(async ({ input }: Of<{ image: string }>) => {
        const { url } = await api.images.upload('group-avatar', input.image);
        return { url };
      }),
      live: liveGroupActor(bus),
    },
    actions: { showToast: bridge.showToast, navigate: bridge.navigate },
  });
}
export type GroupLogic = ReturnType<typeof groupLogic>;
