import { produce } from 'immer';
import { assertEvent, assign, raise, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import { PRESENCE_WATCH_MAX } from '../../api/constants';
import type { OnlineUsers, PeoplePage, Person, SearchResults, Suggestions, WatchPresence } from '../../api/users';
import { failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

export type PeopleEvent =
  | { type: 'people.page'; page: number }
  | { type: 'people.retry' }
  /** The search box changed; an empty term shows the paged list again. */
  | { type: 'people.search'; query: string }
  /** Internal: the people on screen changed (a page, results, suggestions); presence follows them. */
  | { type: 'people.shown' }
  // From the bus:
  | { type: 'people.presence'; userId: string; online: boolean }
  | { type: 'people.following'; userId: string; following: boolean }
  | { type: 'people.reconnected' };

export interface PeopleContext {
  page: number;
  users: Person[];
  total: number;
  /** The total is TOTAL_COUNT_MAX or more (the server stops counting there). */
  totalAtLeast: boolean;
  query: string;
  /** Search results for `query`; null while none are shown. */
  results: Person[] | null;
  suggestions: Person[];
  /** Who of the people on screen is online (the server tells only about those watched). */
  online: string[];
  error: string | null;
  searchError: string | null;
}

export const PEOPLE_FAILED = 'Could not load people. Please try again.';
export const SUGGESTIONS_FAILED = 'Could not load suggestions. Please try again.';
export const SEARCH_FAILED = 'Could not search people. Please try again.';
/** Typing pauses this long before a search goes out. */
export const SEARCH_DELAY_MS = 300;
/** The list, results and suggestions settle this long before one watch covers them all. */
export const WATCH_DELAY_MS = 150;

const initial: PeopleContext = {
  page: 1,
  users: [],
  total: 0,
  totalAtLeast: false,
  query: '',
  results: null,
  suggestions: [],
  online: [],
  error: null,
  searchError: null,
};

const followIn = (list: Person[] | null, userId: string, following: boolean) => {
  for (const person of list ?? []) if (person._id === userId) person.isFollowing = following;
};

/** Everyone on screen, once each: whose presence the page watches. */
export const shownIds = (context: Pick<PeopleContext, 'users' | 'results' | 'suggestions'>): string[] =>
  [...new Set([...context.users, ...(context.results ?? []), ...context.suggestions].map((person) => person._id))].slice(
    0,
    PRESENCE_WATCH_MAX,
  );

/** A change of the people on screen restarts the watch delay, from any presence state. */
const watchTransitions = { 'people.shown': { target: 'waiting', reenter: true } } as const;

/**
 * A term restarts the search delay, an empty one clears the search. Taken in each search state,
 * not on the region: a `reenter` transition on a region of a parallel machine re-enters the whole
 * machine, which reloaded the list, the suggestions and who is online with every keystroke.
 */
const searchTransitions = {
  'people.search': [
    { guard: 'hasTerm', target: 'waiting', reenter: true, actions: 'setQuery' },
    { target: 'idle', actions: ['clearSearch', 'shownChanged'] },
  ],
} as const;

/**
 * The people page: members page by page, a search box (from one character, after a pause),
 * suggestions, and who of them is online: the socket watches the people on screen (`watch
 * presence`, answered with who is online now), then `user online` changes come from the bus.
 * Follow changes made anywhere on screen (the author machine announces them) mark the lists.
 */
export const peopleMachine = setup({
  types: {
    context: {} as PeopleContext,
    events: {} as PeopleEvent,
  },
  actors: {
    /** Effect: GET /user/all/{page}. */
    fetchPeople: requiredPromise<PeoplePage, { page: number }>('fetchPeople'),
    /** Effect: GET /user/profile/search/{query}. */
    searchPeople: requiredPromise<SearchResults, { query: string }>('searchPeople'),
    /** Effect: GET /user/profile/user/suggestions. */
    fetchSuggestions: requiredPromise<Suggestions, void>('fetchSuggestions'),
    /** Effect: the socket's `watch presence` with these members; answers who of them is online. */
    watchPresence: requiredPromise<OnlineUsers, WatchPresence>('watchPresence'),
    /** Effect: presence, follow changes and reconnects from the bus, as people events. */
    live: requiredCallback<EventObject>(),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    shownChanged: raise({ type: 'people.shown' }),
    setQuery: assign({ query: ({ event }) => (event.type === 'people.search' ? event.query : '') }),
    clearSearch: assign({ query: '', results: null, searchError: null }),
    setFollowing: assign(({ context, event }) =>
      produce(context, (draft) => {
        if (event.type !== 'people.following') return;
        followIn(draft.users, event.userId, event.following);
        followIn(draft.results, event.userId, event.following);
        followIn(draft.suggestions, event.userId, event.following);
      }),
    ),
    setOnline: assign(({ context, event }) => {
      if (event.type !== 'people.presence') return {};
      const others = context.online.filter((id) => id !== event.userId);
      return { online: event.online ? [...others, event.userId] : others };
    }),
  },
  guards: {
    hasTerm: ({ event }) => {
      assertEvent(event, 'people.search');
      return event.query.trim() !== '';
    },
  },
  delays: { SEARCH_DELAY: SEARCH_DELAY_MS, WATCH_DELAY: WATCH_DELAY_MS },
}).createMachine({
  id: 'people',
  context: initial,
  invoke: { id: 'live', src: 'live' },
  type: 'parallel',
  on: {
    'people.following': { actions: 'setFollowing' },
    'people.presence': { actions: 'setOnline' },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchPeople',
            src: 'fetchPeople',
            input: ({ context }) => ({ page: context.page }),
            onDone: {
              target: 'ready',
              actions: [
                assign({
                  users: ({ event }) => event.output.users,
                  total: ({ event }) => event.output.totalUsers,
                  totalAtLeast: ({ event }) => event.output.totalAtLeast === true,
                  error: null,
                }),
                'shownChanged',
              ],
            },
            onError: {
              target: 'failed',
              actions: [
                assign({ error: ({ event }) => failureText(event.error, PEOPLE_FAILED) }),
                {
                  type: 'showToast',
                  params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, PEOPLE_FAILED) }),
                },
              ],
            },
          },
        },
        ready: {
          on: { 'people.page': { target: 'loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) } },
        },
        failed: {
          on: { 'people.retry': { target: 'loading' } },
        },
      },
    },
    search: {
      initial: 'idle',
      states: {
        idle: { on: searchTransitions },
        waiting: { on: searchTransitions, after: { SEARCH_DELAY: 'searching' } },
        searching: {
          on: searchTransitions,
          invoke: {
            id: 'searchPeople',
            src: 'searchPeople',
            input: ({ context }) => ({ query: context.query.trim() }),
            onDone: {
              target: 'idle',
              actions: [assign({ results: ({ event }) => event.output.search, searchError: null }), 'shownChanged'],
            },
            onError: {
              target: 'idle',
              actions: assign({ results: [], searchError: ({ event }) => failureText(event.error, SEARCH_FAILED) }),
            },
          },
        },
      },
    },
    suggestions: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchSuggestions',
            src: 'fetchSuggestions',
            onDone: { target: 'ready', actions: [assign({ suggestions: ({ event }) => event.output.users }), 'shownChanged'] },
            // Suggestions are a side panel: without them the page still works, and the server's
            // message shows as an error toast (spec section 8).
            onError: {
              target: 'ready',
              actions: {
                type: 'showToast',
                params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, SUGGESTIONS_FAILED) }),
              },
            },
          },
        },
        ready: {},
      },
    },
    presence: {
      initial: 'waiting',
      states: {
        waiting: { on: watchTransitions, after: { WATCH_DELAY: 'watching' } },
        watching: {
          on: watchTransitions,
          invoke: {
            id: 'watchPresence',
            src: 'watchPresence',
            input: ({ context }) => ({ userIds: shownIds(context) }),
            onDone: { target: 'live', actions: assign({ online: ({ event }) => [...new Set(event.output.userIds)] }) },
            // Presence decorates the page: without a socket it waits for the next connect.
            onError: { target: 'live' },
          },
        },
        // A new socket watches nothing yet, and changes may have been missed: watch again.
        live: { on: { ...watchTransitions, 'people.reconnected': { target: 'watching' } } },
      },
    },
  },
});

export type PeopleActorRef = ActorRefFrom<typeof peopleMachine>;
export type PeopleSnapshot = SnapshotFrom<typeof peopleMachine>;

export const selectShown = (s: PeopleSnapshot) => s.context.results ?? s.context.users;

/** Suggestions not already in the list beside them: a member appears once on the page. */
export const suggestionsApart = (context: Pick<PeopleContext, 'users' | 'results' | 'suggestions'>): Person[] => {
  const shown = new Set((context.results ?? context.users).map((person) => person._id));
  return context.suggestions.filter((person) => !shown.has(person._id));
};
export const selectIsSearching = (s: PeopleSnapshot) => !s.matches({ search: 'idle' });
