import { fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { memberAsideMachine, type MemberAsideEvent } from '../../machines/people/memberAside.machine';
import { backOnlineActor } from '../offline/connectivity';
import { clientOf } from '../shell/api';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { livePeopleActor } from './livePeople';
import { streamsBus, type Bus } from '../shell/socket';
import { createUsersApi } from '../../api/users/client';
import { createGroupsApi } from '../../api/groups/client';
import { createStreamsApi } from '../../api/posts/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'follows' | 'users' | 'groups' | 'posts' | 'questions' | 'reactions' | 'comments' | 'saved'>;

const defaultApi: Calls = clientOf(createUsersApi, createGroupsApi, createStreamsApi);

/** The member pages' right column with its real effects: the people and groups APIs, follow changes from the bus. */
export function memberAsideLogic({ api = defaultApi, bus = streamsBus, app }: { api?: Calls; bus?: Bus; app?: HasSystem } = {}) {
  return memberAsideMachine.provide({
    // Toasts go to the app's queue when there is an app (tests may run the column alone).
    ...(app ? { actions: { showToast: bridgeActions(app).showToast } } : {}),
    actors: {
      fetchSuggestions: fromPromise(() => api.users.suggestions().then((answer) => answer.users)),
      fetchGroups: fromPromise(({ input }: { input: { userId: string } }) =>
        api.groups.userGroups(input.userId).then((answer) => answer.groups),
      ),
      fetchTrending: fromPromise(() => api.posts.trending()),
      live: livePeopleActor(bus),
      // Without an app (tests of the column alone) nothing says the network is back.
      backOnline: app ? backOnlineActor(app, { type: 'aside.online' } satisfies MemberAsideEvent) : fromCallback(() => () => {}),
    },
  });
}
