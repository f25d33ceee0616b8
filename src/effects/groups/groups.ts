import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { CreateGroupBody, GroupsPage } from '../../api/groups';
import { serverEvents } from '../../api/socket';
import { createGroupMachine, type CreatedGroup } from '../../machines/groups/createGroup.machine';
import { memberSearchLogic } from '../people/memberSearch';
import { groupsMachine, type GroupLists, type GroupsEvent, type MoreGroupsInput } from '../../machines/groups/groups.machine';
import { clientOf } from '../shell/api';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { streamsBus, type Bus, type BusMessage } from '../shell/socket';
import { createGroupsApi } from '../../api/groups/client';
import { createMediaApi } from '../../api/media/client';
import { createUsersApi } from '../../api/users/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'groups' | 'images' | 'follows' | 'users'>;

const defaultApi: Calls = clientOf(createGroupsApi, createMediaApi, createUsersApi);

/**
 * The chosen group image as a png file (spec: a renamed uploaded image file is forced to png),
 * or null when the file is not an image.
 */
export function asPngFile(file: File, name = 'group-image.png'): File | null {
  if (!file.type.startsWith('image/')) return null;
  return new File([file], name, { type: 'image/png', lastModified: file.lastModified });
}

/** Reads a file as a data URL (the preview, and the body of POST /images/group-avatar). */
export function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the image'));
    reader.readAsDataURL(file);
  });
}

/** The create-group machine with its real effects, bound to one app actor. */
export function createGroupLogic(app: HasSystem, { api = defaultApi }: { api?: Calls } = {}) {
  const bridge = bridgeActions(app);
  return createGroupMachine.provide({
    actors: {
      uploadImage: fromPromise(async ({ input }: { input: { image: string } }) => {
        const { url } = await api.images.upload('group-avatar', input.image);
        return { url };
      }),
      search: memberSearchLogic(api),
      createGroup: fromPromise(async ({ input }: { input: CreateGroupBody }): Promise<{ group: CreatedGroup }> => api.groups.create(input)),
    },
    actions: { showToast: bridge.showToast, navigate: bridge.navigate },
  });
}

/** Bus messages as events of the groups machine. */
export function groupsEventOf(message: BusMessage): GroupsEvent | null {
  if (message.event === 'reconnected') return { type: 'groups.changed' };
  if (message.event !== serverEvents.groupAction) return null;
  return message.payload.type === 'DELETE_GROUP'
    ? { type: 'groups.deleted', groupId: message.payload.groupId }
    : { type: 'groups.changed' };
}

export const liveGroupsActor = (bus: Bus) =>
  fromCallback<EventObject>(({ sendBack }) =>
    bus.subscribe((message) => {
      const event = groupsEventOf(message);
      if (event) sendBack(event);
    }),
  );

/** GET the member's groups, invitations and groups to discover at once. */
export async function loadGroupLists(api: Calls, userId: string): Promise<GroupLists> {
  const [mine, invitations, discover] = await Promise.all([
    api.groups.userGroups(userId),
    api.groups.invitations(),
    api.groups.notJoined(),
  ]);
  return { mine: mine.groups, invitations: invitations.pendingGroups, discover: discover.groups, discoverCursor: discover.nextCursor };
}

/** The next page of the groups to discover, or of a search's results. */
export const moreGroups = (api: Calls, { query, cursor }: MoreGroupsInput): Promise<GroupsPage> =>
  query === null ? api.groups.notJoined(cursor) : api.groups.all({ search: query, cursor });

/** The groups list machine with its real effects, bound to one app actor. */
export function groupsLogic(app: HasSystem, { api = defaultApi, bus = streamsBus }: { api?: Calls; bus?: Bus } = {}) {
  const bridge = bridgeActions(app);
  return groupsMachine.provide({
    actors: {
      loadGroups: fromPromise(({ input }: { input: { userId: string } }) => loadGroupLists(api, input.userId)),
      searchGroups: fromPromise(({ input }: { input: { query: string } }) => api.groups.all({ search: input.query })),
      moreGroups: fromPromise(({ input }: { input: MoreGroupsInput }) => moreGroups(api, input)),
      acceptInvitation: fromPromise(({ input }: { input: { groupId: string } }) => api.groups.acceptInvitation(input.groupId)),
      declineInvitation: fromPromise(({ input }: { input: { groupId: string } }) => api.groups.declineInvitation(input.groupId)),
      joinGroup: fromPromise(({ input }: { input: { groupId: string } }) => api.groups.join(input.groupId)),
      cancelRequest: fromPromise(({ input }: { input: { groupId: string } }) => api.groups.leave(input.groupId)),
      live: liveGroupsActor(bus),
    },
    actions: { showToast: bridge.showToast },
  });
}
export type GroupsLogic = ReturnType<typeof groupsLogic>;
