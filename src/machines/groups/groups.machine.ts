import { assertEvent, assign, enqueueActions, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import type { Group, GroupAnswer, GroupIdAnswer, GroupsPage, JoinAnswer } from '../../api/groups';
import { failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

/** The three lists of the groups page, loaded together. */
export interface GroupLists {
  mine: Group[];
  invitations: Group[];
  /** The first page of groups to discover, and where the next one starts (null: no more). */
  discover: Group[];
  discoverCursor: string | null;
}

/** The next page of the groups to discover (query null) or of the results for `query`. */
export interface MoreGroupsInput {
  query: string | null;
  cursor: string;
}

/** What a card can ask the server for; at most one request per group at a time. */
/** `cancel`: withdraw one's own request to join a private group. */
export type GroupRequest = 'accept' | 'decline' | 'join' | 'cancel';

/** The replies a card's requests settle with: the contract's (src/api/groups/schemas.ts). */
export type { JoinAnswer };
export type AcceptAnswer = GroupAnswer;
export type DeclineAnswer = GroupIdAnswer;

/** A request runs as a spawned child named `<request>.<groupId>`; these are its settle events. */
type Settled =
  | { type: `xstate.done.actor.${string}`; output: AcceptAnswer | DeclineAnswer | JoinAnswer }
  | { type: `xstate.error.actor.${string}`; error: unknown };

export type GroupsEvent =
  | { type: 'groups.retry' }
  /** The discover search box changed; an empty term shows the groups to discover again. */
  | { type: 'groups.search'; query: string }
  /** "Load more groups": the next page of what Discover shows (the groups to discover or the results). */
  | { type: 'groups.more' }
  | { type: 'groups.accept'; groupId: string }
  | { type: 'groups.decline'; groupId: string }
  | { type: 'groups.join'; groupId: string }
  | { type: 'groups.cancel'; groupId: string }
  // From the bus:
  /** A group action or a reconnect: the lists may be stale. */
  | { type: 'groups.changed' }
  | { type: 'groups.deleted'; groupId: string }
  | Settled;

export interface GroupsContext {
  userId: string;
  mine: Group[];
  invitations: Group[];
  discover: Group[];
  discoverCursor: string | null;
  error: string | null;
  query: string;
  /** Search results for `query`; null while the groups to discover are shown. */
  results: Group[] | null;
  resultsCursor: string | null;
  searchError: string | null;
  /** What the page being loaded belongs to: a search term, or null for the groups to discover. */
  moreFor: string | null;
  /** Requests in flight, by group id. */
  busy: Record<string, GroupRequest>;
}

export interface GroupsInput {
  userId: string;
}

export const GROUPS_FAILED = 'Could not load groups. Please try again.';
export const GROUP_SEARCH_FAILED = 'Could not search groups. Please try again.';
export const MORE_FAILED = 'Could not load more groups. Please try again.';
export const REQUEST_FAILED: Record<GroupRequest, string> = {
  accept: 'Could not accept the invitation',
  decline: 'Could not decline the invitation',
  join: 'Could not join the group',
  cancel: 'Could not cancel the request',
};
/** Typing pauses this long before a search goes out (the people search uses the same). */
export const GROUP_SEARCH_DELAY_MS = 300;

const without = (list: Group[], groupId: string) => list.filter((g) => g._id !== groupId);
/** The next page under the shown one; a group already shown (the pages shifted) is not shown twice. */
const appended = (list: Group[], more: Group[]) => {
  const shown = new Set(list.map((g) => g._id));
  return [...list, ...more.filter((g) => !shown.has(g._id))];
};
const replaced = (list: Group[], group: Group) => list.map((g) => (g._id === group._id ? group : g));
export const isMember = (group: Group) => group.membership?.status === 'accepted';
export const hasRequested = (group: Group) => group.membership?.status === 'pending' && group.membership.joinedBy === 'request';
export const isInvited = (group: Group) => group.membership?.status === 'pending' && group.membership.joinedBy === 'invited';

/**
 * The server's answer to an accept or a join puts the group where the viewer's membership says:
 * a member's group moves into "My groups" and out of the others; a pending request stays in
 * "Discover", marked, and out of "My groups".
 */
export function placeGroup(context: GroupsContext, group: Group): Partial<GroupsContext> {
  const member = isMember(group);
  return {
    invitations: without(context.invitations, group._id),
    mine: member ? [group, ...without(context.mine, group._id)] : without(context.mine, group._id),
    discover: member ? without(context.discover, group._id) : replaced(context.discover, group),
    results: context.results && replaced(context.results, group),
  };
}

/**
 * A declined invitation leaves the invitations, a cancelled request its mark: the group's cards
 * (to discover, search results) no longer say invited or requested.
 */
export function forgetInvitation(context: GroupsContext, groupId: string): Partial<GroupsContext> {
  const unmarked = (list: Group[]) => list.map((g) => (g._id === groupId ? { ...g, membership: null } : g));
  return {
    invitations: without(context.invitations, groupId),
    discover: unmarked(context.discover),
    results: context.results && unmarked(context.results),
  };
}

const PREFIX = /^xstate\.(?:done|error)\.actor\.(accept|decline|join|cancel)\.(.+)$/;
/** The request and group a settle event belongs to. */
export function requestOf(type: string): { request: GroupRequest; groupId: string } | null {
  const match = PREFIX.exec(type);
  return match ? { request: match[1] as GroupRequest, groupId: match[2] } : null;
}
export const requestId = (request: GroupRequest, groupId: string) => `${request}.${groupId}`;

/** The toast a settled request shows: the server's message either way. */
export function answerToast(event: GroupsEvent): ToastRequest {
  const request = requestOf(event.type)?.request ?? 'join';
  if ('output' in event) return { type: 'success', description: event.output.message };
  return { type: 'error', description: failureText('error' in event ? event.error : null, REQUEST_FAILED[request]) };
}

/**
 * A keystroke in the search box, handled by each search state rather than by the region: a
 * `reenter` transition on a parallel region re-enters the whole machine (the lists would load
 * again); from a child state it restarts just the pause.
 */
const searchTyped = {
  'groups.search': [
    { guard: 'hasTerm', target: 'waiting', reenter: true, actions: 'setQuery' },
    { target: 'idle', actions: 'clearSearch' },
  ],
} as const;

const SOURCES = { accept: 'acceptInvitation', decline: 'declineInvitation', join: 'joinGroup', cancel: 'cancelRequest' } as const;

/**
 * The groups page (/groups): the member's groups, their pending invitations and the groups to
 * discover, loaded together; a search over all groups after a pause; Accept, Decline, Join (Ask
 * to join for a private group) and Cancel request per card, each request a child of its own so several cards can be busy at once. Group
 * actions from the socket (an invitation arriving, a group changing or deleted) and reconnects
 * reload the lists in the background.
 */
export const groupsMachine = setup({
  types: {
    context: {} as GroupsContext,
    events: {} as GroupsEvent,
    input: {} as GroupsInput,
  },
  actors: {
    /** Effect: GET /group/user-group/{userId}, /group/invitations and /group/not-joined. */
    loadGroups: requiredPromise<GroupLists, { userId: string }>('loadGroups'),
    /** Effect: GET /group/allgroups?search=. */
    searchGroups: requiredPromise<GroupsPage, { query: string }>('searchGroups'),
    /** Effect: GET /group/not-joined?cursor= or /group/allgroups?search=&cursor=. */
    moreGroups: requiredPromise<GroupsPage, MoreGroupsInput>('moreGroups'),
    /** Effect: PUT /group/invitation/accept/{id}. */
    acceptInvitation: requiredPromise<AcceptAnswer, { groupId: string }>('acceptInvitation'),
    /** Effect: PUT /group/invitation/decline/{id}. */
    declineInvitation: requiredPromise<DeclineAnswer, { groupId: string }>('declineInvitation'),
    /** Effect: POST /group/join/{id}. */
    joinGroup: requiredPromise<JoinAnswer, { groupId: string }>('joinGroup'),
    /** Effect: PUT /group/leave/{id} (withdraws the viewer's request to join). */
    cancelRequest: requiredPromise<DeclineAnswer, { groupId: string }>('cancelRequest'),
    /** Effect: group actions and reconnects from the bus, as groups events. */
    live: requiredCallback<EventObject>(),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    setLists: assign(({ event }) => {
      const lists = (event as unknown as { output: GroupLists }).output;
      return {
        mine: lists.mine,
        invitations: lists.invitations,
        discover: lists.discover,
        discoverCursor: lists.discoverCursor,
        error: null,
      };
    }),
    startRequest: enqueueActions(({ context, event, enqueue }) => {
      if (
        event.type !== 'groups.accept' &&
        event.type !== 'groups.decline' &&
        event.type !== 'groups.join' &&
        event.type !== 'groups.cancel'
      )
        return;
      const request = event.type.slice('groups.'.length) as GroupRequest;
      enqueue.spawnChild(SOURCES[request], { id: requestId(request, event.groupId), input: { groupId: event.groupId } });
      enqueue.assign({ busy: { ...context.busy, [event.groupId]: request } });
    }),
    /** The child has settled: stop it (a finished child stays in `children` otherwise) and free the card. */
    endRequest: enqueueActions(({ context, event, enqueue }) => {
      const of = requestOf(event.type);
      if (!of) return;
      enqueue.stopChild(requestId(of.request, of.groupId));
      const { [of.groupId]: _done, ...busy } = context.busy;
      enqueue.assign({ busy });
    }),
    applyAnswer: assign(({ context, event }) => {
      const of = requestOf(event.type);
      if (!of || !('output' in event)) return {};
      if (of.request === 'decline' || of.request === 'cancel') return forgetInvitation(context, of.groupId);
      return placeGroup(context, (event.output as AcceptAnswer | JoinAnswer).group);
    }),
    setQuery: assign({ query: ({ event }) => (event.type === 'groups.search' ? event.query : '') }),
    clearSearch: assign({ query: '', results: null, resultsCursor: null, searchError: null }),
    dropGroup: assign(({ context, event }) => {
      if (event.type !== 'groups.deleted') return {};
      return {
        mine: without(context.mine, event.groupId),
        invitations: without(context.invitations, event.groupId),
        discover: without(context.discover, event.groupId),
        results: context.results && without(context.results, event.groupId),
      };
    }),
  },
  guards: {
    hasTerm: ({ event }) => {
      assertEvent(event, 'groups.search');
      return event.query.trim() !== '';
    },
    isFree: ({ context, event }) => 'groupId' in event && !(event.groupId in context.busy),
    moreResults: ({ context }) => context.results !== null && context.resultsCursor !== null,
    moreDiscover: ({ context }) => context.results === null && context.discoverCursor !== null,
  },
  delays: { SEARCH_DELAY: GROUP_SEARCH_DELAY_MS },
}).createMachine({
  id: 'groups',
  type: 'parallel',
  context: ({ input }) => ({
    userId: input.userId,
    mine: [],
    invitations: [],
    discover: [],
    discoverCursor: null,
    error: null,
    query: '',
    results: null,
    resultsCursor: null,
    searchError: null,
    moreFor: null,
    busy: {},
  }),
  invoke: { id: 'live', src: 'live' },
  on: {
    'groups.accept': { guard: 'isFree', actions: 'startRequest' },
    'groups.decline': { guard: 'isFree', actions: 'startRequest' },
    'groups.join': { guard: 'isFree', actions: 'startRequest' },
    'groups.cancel': { guard: 'isFree', actions: 'startRequest' },
    // At the root: a request outlives any reload or search.
    'xstate.done.actor.accept.*': {
      actions: ['endRequest', 'applyAnswer', { type: 'showToast', params: ({ event }) => answerToast(event) }],
    },
    'xstate.done.actor.decline.*': {
      actions: ['endRequest', 'applyAnswer', { type: 'showToast', params: ({ event }) => answerToast(event) }],
    },
    'xstate.done.actor.join.*': {
      actions: ['endRequest', 'applyAnswer', { type: 'showToast', params: ({ event }) => answerToast(event) }],
    },
    'xstate.done.actor.cancel.*': {
      actions: ['endRequest', 'applyAnswer', { type: 'showToast', params: ({ event }) => answerToast(event) }],
    },
    'xstate.error.actor.accept.*': { actions: ['endRequest', { type: 'showToast', params: ({ event }) => answerToast(event) }] },
    'xstate.error.actor.decline.*': { actions: ['endRequest', { type: 'showToast', params: ({ event }) => answerToast(event) }] },
    'xstate.error.actor.join.*': { actions: ['endRequest', { type: 'showToast', params: ({ event }) => answerToast(event) }] },
    'xstate.error.actor.cancel.*': { actions: ['endRequest', { type: 'showToast', params: ({ event }) => answerToast(event) }] },
    // A deleted group is gone for everyone: no need to ask the server.
    'groups.deleted': { actions: 'dropGroup' },
  },
  states: {
    lists: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadGroups',
            src: 'loadGroups',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: 'loaded', actions: 'setLists' },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, GROUPS_FAILED) }) },
          },
          // What is being read may already be stale: read again.
          on: { 'groups.changed': { target: 'loading', reenter: true } },
        },
        loaded: {
          on: { 'groups.changed': { target: 'refreshing' } },
        },
        // A reload behind the shown lists: no skeleton, and a failure keeps what is shown.
        refreshing: {
          invoke: {
            id: 'loadGroups',
            src: 'loadGroups',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: 'loaded', actions: 'setLists' },
            onError: { target: 'loaded' },
          },
          on: { 'groups.changed': { target: 'refreshing', reenter: true } },
        },
        failed: {
          on: { 'groups.retry': { target: 'loading' }, 'groups.changed': { target: 'loading' } },
        },
      },
    },
    search: {
      initial: 'idle',
      states: {
        idle: { on: searchTyped },
        waiting: { on: searchTyped, after: { SEARCH_DELAY: 'searching' } },
        searching: {
          on: searchTyped,
          invoke: {
            id: 'searchGroups',
            src: 'searchGroups',
            input: ({ context }) => ({ query: context.query.trim() }),
            onDone: {
              target: 'idle',
              actions: assign({
                results: ({ event }) => event.output.groups,
                resultsCursor: ({ event }) => event.output.nextCursor,
                searchError: null,
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                results: [],
                resultsCursor: null,
                searchError: ({ event }) => failureText(event.error, GROUP_SEARCH_FAILED),
              }),
            },
          },
        },
      },
    },
    /** "Load more groups", one page at a time, for whatever Discover shows when it is asked. */
    more: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'groups.more': [
              { guard: 'moreResults', target: 'loading', actions: assign({ moreFor: ({ context }) => context.query }) },
              { guard: 'moreDiscover', target: 'loading', actions: assign({ moreFor: null }) },
            ],
          },
        },
        loading: {
          // A new search term: the page asked for belongs to what is no longer shown.
          on: { 'groups.search': 'idle' },
          invoke: {
            id: 'moreGroups',
            src: 'moreGroups',
            input: ({ context }) =>
              context.moreFor === null
                ? { query: null, cursor: context.discoverCursor! }
                : { query: context.moreFor.trim(), cursor: context.resultsCursor! },
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                if (context.moreFor !== null)
                  return { results: appended(context.results ?? [], event.output.groups), resultsCursor: event.output.nextCursor };
                // Joined meanwhile: it lives in My groups now.
                const toDiscover = event.output.groups.filter((g) => !context.mine.some((m) => m._id === g._id));
                return { discover: appended(context.discover, toDiscover), discoverCursor: event.output.nextCursor };
              }),
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'showToast',
                params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, MORE_FAILED) }),
              },
            },
          },
        },
      },
    },
  },
});

export type GroupsActorRef = ActorRefFrom<typeof groupsMachine>;
export type GroupsSnapshot = SnapshotFrom<typeof groupsMachine>;

export const selectIsSearching = (s: GroupsSnapshot) => !s.matches({ search: 'idle' });
export const selectIsLoading = (s: GroupsSnapshot) => s.matches({ lists: 'loading' });
export const selectLoadingMore = (s: GroupsSnapshot) => s.matches({ more: 'loading' });
/** Whether Discover (the groups to discover, or the results) has another page. */
export const selectHasMore = (s: GroupsSnapshot) =>
  s.context.results === null ? s.context.discoverCursor !== null : s.context.resultsCursor !== null;
export const selectBusy = (s: GroupsSnapshot, groupId: string): GroupRequest | null => s.context.busy[groupId] ?? null;
