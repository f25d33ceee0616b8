import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client';
import type { CreateGroupBody, Group } from '../api/groups';
import { paths } from '../api/paths';
import { createGroupMachine, type CreatedGroup, type FoundUser } from '../machines/createGroup.machine';
import { api as defaultApi } from './api';
import { bridgeActions, type HasSystem } from './auth';

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
export function createGroupLogic(app: HasSystem, { api = defaultApi }: { api?: ApiClient } = {}) {
  const bridge = bridgeActions(app);
  return createGroupMachine.provide({
    actors: {
      uploadImage: fromPromise(async ({ input }: { input: { image: string } }) => {
        const { url } = await api.images.upload('group-avatar', input.image);
        return { url };
      }),
      searchUsers: fromPromise(async ({ input }: { input: { query: string } }): Promise<{ search: FoundUser[] }> => api.users.search(input.query)),
      createGroup: fromPromise(async ({ input }: { input: CreateGroupBody }): Promise<{ group: CreatedGroup }> =>
        api.http<{ message: string; group: Group }>(paths.groups.create, { method: 'POST', body: input }),
      ),
    },
    actions: { showToast: bridge.showToast, navigate: bridge.navigate },
  });
}
