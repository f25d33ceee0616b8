import { produce } from 'immer';
import { assign, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import type { Trending } from '../../api/posts/forYou';
import type { Group } from '../../api/groups';
import type { Person } from '../../api/users';
import { failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

/** The column shows this many of each list; the People and Groups pages have the rest. */
export const ASIDE_LIST_MAX = 5;
export const ASIDE_SUGGESTIONS_FAILED = 'Could not load suggestions. Please try again.';

export type MemberAsideEvent =
  /** Try the lists that failed again. */
  | { type: 'aside.retry' }
  /** From the bus (the author machine announces follow changes made anywhere on screen). */
  | { type: 'people.following'; userId: string; following: boolean };

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
 * loaded on its own (a failed one offers a retry and leaves the other on screen).
 */
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
  },
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
  invoke: { id: 'live', src: 'live' },
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
            onError: {
              target: 'failed',
              actions: {
                type: 'showToast',
                params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, ASIDE_SUGGESTIONS_FAILED) }),
              },
            },
          },
        },
        ready: {},
        failed: { on: { 'aside.retry': 'loading' } },
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
            onError: 'failed',
          },
        },
        ready: {},
        failed: { on: { 'aside.retry': 'loading' } },
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
            onError: 'failed',
          },
        },
        ready: {},
        failed: { on: { 'aside.retry': 'loading' } },
      },
    },
  },
});

export type MemberAsideActorRef = ActorRefFrom<typeof memberAsideMachine>;
type MemberAsideSnapshot = SnapshotFrom<typeof memberAsideMachine>;

export const selectAsideList = (s: MemberAsideSnapshot, list: 'people' | 'groups' | 'trending'): 'loading' | 'ready' | 'failed' =>
  s.matches({ [list]: 'ready' }) ? 'ready' : s.matches({ [list]: 'failed' }) ? 'failed' : 'loading';
