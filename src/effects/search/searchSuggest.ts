import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { searchSuggestMachine, type Suggestion } from '../../machines/search/searchSuggest.machine';
import { groupHref, profileHref, searchHref } from '../../machines/shell/routes';
import { clientOf } from '../shell/api';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { createSearchApi } from '../../api/search/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'search'>;

const defaultApi: Calls = clientOf(createSearchApi);

/** Where an option of the header's list leads: the member's profile, the group, the hashtag's page. */
export const suggestionHref = (option: Suggestion) =>
  option.kind === 'person'
    ? profileHref(option.person)
    : option.kind === 'group'
      ? groupHref(option.group._id)
      : searchHref(`#${option.tag}`);

/** The header's suggestions with their real effects: GET /search/suggest/{query}, and the address. */
export function searchSuggestLogic(
  app: HasSystem,
  { api = defaultApi, navigate }: { api?: Calls; navigate?: Parameters<typeof bridgeActions>[1] } = {},
) {
  const bridge = bridgeActions(app, navigate);
  return searchSuggestMachine.provide({
    actors: {
      suggest: fromPromise(({ input }: { input: { query: string } }) => api.search.suggest(input.query)),
    },
    actions: {
      openSuggestion: (_, { suggestion }: { suggestion: Suggestion }) => bridge.navigate(undefined, { to: suggestionHref(suggestion) }),
      openSearch: (_, { query }: { query: string }) => bridge.navigate(undefined, { to: searchHref(query) }),
    },
  });
}
export type SearchSuggestLogic = ReturnType<typeof searchSuggestLogic>;
