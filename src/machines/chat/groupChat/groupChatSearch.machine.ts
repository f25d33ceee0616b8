import { assertEvent, assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../../shared/required';
import { failureText } from '../../shared/failure';

/** A user search result (spec section 3). */
export interface FoundUser {
  _id: string;
  username: string;
  avatarColor?: string;
  profilePicture?: string;
}

/** The pause in typing before a member search runs (spec: 500 ms). */
export const INVITE_SEARCH_DELAY_MS = 500;

export type MemberSearchEvent =
  | { type: 'search.query'; query: string }
  /**
   * Members never offered (the searcher, a group's members, those already invited): they change as
   * the group does. `keepShown`: the results on screen stay (a member just selected can be
   * unselected); the next search leaves them out.
   */
  | { type: 'search.exclude'; ids: string[]; keepShown?: boolean };

export interface MemberSearchContext {
  exclude: string[];
  query: string;
  results: FoundUser[];
  error: string | null;
}

export const SEARCH_FAILED = 'Could not search members.';

const offered = (users: FoundUser[], exclude: string[]) =>
  users
    .filter((u) => !exclude.includes(u._id))
    .map(({ _id, username, avatarColor, profilePicture }) => ({ _id, username, avatarColor, profilePicture }));

/**
 * Finding members to invite: Create New Group, a group's Settings → Invite members, the group chat
 * create dialog and a chat admin's "Add members". The search waits for a 500 ms pause in typing (a machine delay, restarted by each keystroke), from
 * one character, and never offers the excluded members.
 */
export const groupChatSearchMachine = setup({
  types: { context: {} as MemberSearchContext, events: {} as MemberSearchEvent, input: {} as { exclude: string[] } },
  actors: {
    /** Effect: GET /user/profile/search/{query}. */
    searchUsers: requiredPromise<{ search: FoundUser[] }, { query: string }>('searchUsers'),
  },
  guards: {
    hasTerm: ({ event }) => {
      assertEvent(event, 'search.query');
      return event.query.trim().length >= 1;
    },
  },
  delays: { SEARCH_DELAY: INVITE_SEARCH_DELAY_MS },
}).createMachine({
  id: 'groupChatSearch',
  context: ({ input }) => ({ exclude: input.exclude, query: '', results: [], error: null }),
  initial: 'idle',
  on: {
    'search.query': [
      { guard: 'hasTerm', target: '.debouncing', reenter: true, actions: assign({ query: ({ event }) => event.query, error: null }) },
      { target: '.idle', actions: assign({ query: '', results: [], error: null }) },
    ],
    'search.exclude': {
      actions: assign(({ context, event }) => ({
        exclude: event.ids,
        results: event.keepShown ? context.results : offered(context.results, event.ids),
      })),
    },
  },
  states: {
    idle: {},
    debouncing: { after: { SEARCH_DELAY: 'searching' } },
    searching: {
      invoke: {
        id: 'searchUsers',
        src: 'searchUsers',
        input: ({ context }) => ({ query: context.query.trim() }),
        onDone: { target: 'results', actions: assign({ results: ({ context, event }) => offered(event.output.search, context.exclude) }) },
        onError: { target: 'failed', actions: assign({ results: [], error: ({ event }) => failureText(event.error, SEARCH_FAILED) }) },
      },
    },
    results: {},
    failed: {},
  },
});

export type MemberSearchActorRef = ActorRefFrom<typeof groupChatSearchMachine>;
export type MemberSearchSnapshot = SnapshotFrom<typeof groupChatSearchMachine>;
export const selectSearching = (s: MemberSearchSnapshot) => s.matches('debouncing') || s.matches('searching');
export const selectSearched = (s: MemberSearchSnapshot) => s.matches('results') || s.matches('failed');
