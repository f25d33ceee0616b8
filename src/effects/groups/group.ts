import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { UpdateGroupBody } from '../../api/groups';
import type { PostResponse } from '../../api/posts';
import { serverEvents } from '../../api/socket';
import { groupMachine, type GroupEvent } from '../../machines/groups/group.machine';
import { clientOf } from '../shell/api';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { memberSearchLogic } from '../people/memberSearch';
import { streamsBus, type Bus, type BusMessage } from '../shell/socket';
import { createGroupsApi } from '../../api/groups/client';
import { createMediaApi } from '../../api/media/client';
import { createStreamsApi } from '../../api/posts/client';
import { createUsersApi } from '../../api/users/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'groups' | 'images' | 'posts' | 'questions' | 'reactions' | 'comments' | 'saved' | 'follows' | 'users'>;

const defaultApi: Calls = clientOf(createGroupsApi, createMediaApi, createStreamsApi, createUsersApi);

/** The /group/... calls of one group's page (the contract: src/api/groups/schemas.ts, docs/api.md). */
export function groupCalls(api: Calls) {
  const { groups } = api;
  // The client's calls as they are (one join, acceptInvitation, declineInvitation...), under the page's names where they differ.
  return {
    ...groups,
    pendingMembers: groups.pending,
    invite: groups.addMembers,
    removeMember: (groupId: string, userId: string) => groups.removeMembers(groupId, [userId]),
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
export function groupLogic(app: HasSystem, { api = defaultApi, bus = streamsBus }: { api?: Calls; bus?: Bus } = {}) {
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
