import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { SearchKind } from '../../api/search';
import { serverEvents } from '../../api/socket';
import type { PickedFile } from '../../machines/composer/composer.machine';
import { searchMachine, type MoreInput, type SearchEvent } from '../../machines/search/search.machine';
import { clientOf } from '../shell/api';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { readAsDataUrl } from '../composer/composer';
import { streamsBus, type Bus, type BusMessage } from '../shell/socket';
import { searchHref } from '../../machines/shell/routes';
import { createSearchApi } from '../../api/search/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'search'>;

const defaultApi: Calls = clientOf(createSearchApi);

export { searchHref };

/** Bus messages as search events: follow and block changes, and changes to posts that may be listed. */
export function searchEventOf(message: BusMessage): SearchEvent | null {
  switch (message.event) {
    case 'following':
      return { type: 'search.following', userId: message.userId, following: message.following };
    case 'blocked':
      return { type: 'search.blocked', userId: message.userId };
    case serverEvents.postUpdated:
      return { type: 'search.postChanged', post: message.payload.post };
    case serverEvents.postDeleted:
      return { type: 'search.postDeleted', postId: message.payload.postId };
    case serverEvents.commentAdded:
    case serverEvents.commentUpdated:
      return { type: 'search.commentsCount', postId: message.payload.comment.postId, commentsCount: message.payload.commentsCount };
    case serverEvents.commentDeleted:
      return { type: 'search.commentsCount', postId: message.payload.postId, commentsCount: message.payload.commentsCount };
    default:
      return null;
  }
}

export const liveSearchActor = (bus: Bus) =>
  fromCallback<EventObject>(({ sendBack }) =>
    bus.subscribe((message) => {
      const event = searchEventOf(message);
      if (event) sendBack(event);
    }),
  );

/** The search machine with its real effects, bound to one app actor (toasts, the address). */
export function searchLogic(
  app: HasSystem,
  { api = defaultApi, bus = streamsBus, navigate }: { api?: Calls; bus?: Bus; navigate?: Parameters<typeof bridgeActions>[1] } = {},
) {
  const bridge = bridgeActions(app, navigate);
  return searchMachine.provide({
    actors: {
      searchAll: fromPromise(({ input }: { input: { query: string } }) => api.search.all(input.query)),
      searchMore: fromPromise(({ input }: { input: MoreInput }) => api.search.kind(input.kind, input.query, input.cursor)),
      readImage: fromPromise(({ input }: { input: { file: PickedFile } }) => readAsDataUrl(input.file)),
      searchImage: fromPromise(({ input }: { input: { image: string } }) => api.search.image({ image: input.image })),
      live: liveSearchActor(bus),
    },
    actions: {
      showToast: bridge.showToast,
      followAddress: (_, { query, tab, replace }: { query: string; tab: SearchKind; replace: boolean }) =>
        bridge.navigate(undefined, { to: searchHref(query, tab), replace }),
    },
  });
}
export type SearchLogic = ReturnType<typeof searchLogic>;
