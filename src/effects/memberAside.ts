import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client';
import type { Group } from '../api/groups';
import { paths } from '../api/paths';
import { memberAsideMachine } from '../machines/memberAside.machine';
import { api as defaultApi } from './api';
import { livePeopleActor } from './livePeople';
import { streamsBus, type Bus } from './socket';

/** The member pages' right column with its real effects: the people and groups APIs, follow changes from the bus. */
export function memberAsideLogic({ api = defaultApi, bus = streamsBus }: { api?: ApiClient; bus?: Bus } = {}) {
  return memberAsideMachine.provide({
    actors: {
      fetchSuggestions: fromPromise(() => api.users.suggestions().then((answer) => answer.users)),
      fetchGroups: fromPromise(({ input }: { input: { userId: string } }) =>
        api.http<{ groups: Group[] }>(paths.groups.userGroups(input.userId)).then((answer) => answer.groups),
      ),
      fetchTrending: fromPromise(() => api.posts.trending()),
      live: livePeopleActor(bus),
    },
  });
}
