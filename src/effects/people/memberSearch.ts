import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { groupChatSearchMachine, type FoundUser } from '../../machines/chat/groupChat/groupChatSearch.machine';

/** The member search chart with its one effect, GET /user/profile/search/{query} (every invite search uses it). */
export const memberSearchLogic = (api: Pick<ApiClient, 'users'>) =>
  groupChatSearchMachine.provide({
    actors: {
      searchUsers: fromPromise(({ input }: { input: { query: string } }): Promise<{ search: FoundUser[] }> =>
        api.users.search(input.query),
      ),
    },
  });
