import { produce } from 'immer';
import { assign, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import type { Trending } from '../../api/posts/forYou';
import type { Group } from '../../api/groups';
import type { Person } from '../../api/users';
import { failureText } from '../shared/failure';
import { failedOnNetwork } from '../shared/sendRetry';
import type { ToastRequest } from '../shell/toastRequest';
import { SIDE_PANEL_RETRY_MS } from '../../api/constants';

/** The column shows this many of each list; the People and Groups pages have the rest. */
export const ASIDE_LIST_MAX = 5;
export const ASIDE_SUGGESTIONS_FAILED = 'Could not load suggestions. Please try again.';
/** A list that got no answer (offline): said quietly in its panel, no toast (docs/client-offline.md). */
export const ASIDE_OFFLINE = 'Available when you are back online.';

export type MemberAsideEvent =
  /** Try the lists that failed again. */
  | { type: 'aside.retry' }
  /** From the bus (the author machine announces follow changes made anywhere on screen). */
  | { type: 'people.following'; userId: string; following: boolean }
  /** The app's connectivity machine came (back) online: the lists that got no answer load again. */
  | { type: 'aside.online' };

export interface MemberAsideContext {
  userId: string;
  /** Who to follow: the people API's suggestions. */
  people: Person[];
  /** The member's groups. */
  groups: Group[];
  /** The last day's most used hashtags among posts the member may see. */
  hashtags: Trending['hashtags'];
}

/**
 * The right column of the wide member pages: who to follow, trending hashtags and the member's groups, each list
 * loaded on its own (a failed one offers a retry and leaves the other on screen). A list that got no
 * answer (offline, a dropped connection: nothing to show the member but the network) waits quietly,
 * without a toast, and loads again when the app is back online (or after SIDE_PANEL_RETRY_MS, for
 * a drop the connectivity machine did not see).
 */
/** A list that got no answer: quiet until the app is back online, or SIDE_PANEL_RETRY_MS. */
const offline = {
  on: { 'aside.online': 'loading', 'aside.retry': 'loading' },
  after: { SIDE_PANEL_RETRY_MS: 'loading' },
} as const;

export const memberAsideMachine = setup({
  types: {
    context: {} as MemberAsideContext,
    events: {} as MemberAsideEvent,
    input: {} as { userId: string },
  },
  actors: {
    /** Effect: GET /user/profile/user/suggestions. */
    fetchSuggestions: requiredPromise<Person[], void>('fetchSuggestions'),
    /** Effect: GET /group/user-group/{userId}. */
    fetchGroups: requiredPromise<Group[], { userId: string }>('fetchGroups'),
    /** Effect: GET /hashtags/trending. */
    fetchTrending: requiredPromise<Trending, void>('fetchTrending'),
    /** Effect: follow changes from the bus, as `people.following`. */
    live: requiredCallback<EventObject>(),
    /** Effect: `aside.online` each time the app's connectivity machine comes (back) online. */
    backOnline: requiredCallback<EventObject>(),
  },
  guards: {
    /** The request got no answer (the browser offline: then it was not even sent). */
    gotNoAnswer: ({ event }) => failedOnNetwork((event as { error?: unknown }).error),
  },
  delays: { SIDE_PANEL_RETRY_MS },
  actions: {
    /** Effect: a toast in the app's queue. */
    showToast: (_, _toast: ToastRequest) => {},
    setFollowing: assign(({ context, event }) =>
      produce(context, (draft) => {
        if (event.type !== 'people.following') return;
        for (const person of draft.people) if (person._id === event.userId) person.isFollowing = event.following;
      }),
    ),
  },
}).createMachine({
  id: 'memberAside',
  type: 'parallel',
  context: ({ input }) => ({ userId: input.userId, people: [], groups: [], hashtags: [] }),
  invoke: [
    { id: 'live', src: 'live' },
    { id: 'backOnline', src: 'backOnline' },
  ],
  on: { 'people.following': { actions: 'setFollowing' } },
  states: {
    people: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchSuggestions',
            src: 'fetchSuggestions',
            onDone: {
              target: 'ready',
              actions: assign({ people: ({ event }) => event.output.slice(0, ASIDE_LIST_MAX) }),
            },
            // The server's message as an error toast (spec section 8); the column offers a retry.
            onError: [
              { guard: 'gotNoAnswer', target: 'offline' },
              {
                target: 'failed',
                actions: {
                  type: 'showToast',
                  params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, ASIDE_SUGGESTIONS_FAILED) }),
                },
              },
            ],
          },
        },
        ready: {},
        failed: { on: { 'aside.retry': 'loading' } },
        offline,
      },
    },
    trending: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchTrending',
            src: 'fetchTrending',
            onDone: { target: 'ready', actions: assign({ hashtags: ({ event }) => event.output.hashtags }) },
            onError: [{ guard: 'gotNoAnswer', target: 'offline' }, { target: 'failed' }],
          },
        },
        ready: {},
        failed: { on: { 'aside.retry': 'loading' } },
        offline,
      },
    },
    groups: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchGroups',
            src: 'fetchGroups',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: {
              target: 'ready',
              actions: assign({ groups: ({ event }) => event.output.slice(0, ASIDE_LIST_MAX) }),
            },
            onError: [{ guard: 'gotNoAnswer', target: 'offline' }, { target: 'failed' }],
          },
        },
        ready: {},
        failed: { on: { 'aside.retry': 'loading' } },
        offline,
      },
    },
  },
});

export type MemberAsideActorRef = ActorRefFrom<typeof memberAsideMachine>;
type MemberAsideSnapshot = SnapshotFrom<typeof memberAsideMachine>;

export type AsideListState = 'loading' | 'ready' | 'failed' | 'offline';

export const selectAsideList = (s: MemberAsideSnapshot, list: 'people' | 'groups' | 'trending'): AsideListState =>
  s.matches({ [list]: 'ready' })
    ? 'ready'
    : s.matches({ [list]: 'failed' })
      ? 'failed'
      : s.matches({ [list]: 'offline' })
        ? 'offline'
        : 'loading';
