import { assertEvent, and, assign, enqueueActions, raise, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { defined } from '../shared/defined';
import { requiredPromise } from '../shared/required';
import type { UserSummary } from '../../api/users/follows';
import { adminActionMachine, type AdminAction, type AdminActionActorRef, type AdminActionOutput } from './adminAction.machine';
import {
  applyChanges,
  defaultFilterOf,
  filtersByAdmin,
  filtersOf,
  isSearchable,
  itemKey,
  type AdminFilter,
  type AdminItem,
  type AdminListKind,
  type AdminPage,
  type AdminPageRequest,
} from './adminLists';
import { failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

export type AdminListEvent =
  | { type: 'list.filter'; filter: AdminFilter }
  /** The audit log's admin filter: the admin's id, or null for any admin. */
  | { type: 'list.admin'; adminId: string | null }
  /** The previous or the next page. */
  | { type: 'list.page'; page: number }
  /** The search box changed (the members list); the list follows after a pause. */
  | { type: 'list.search'; query: string }
  /** Internal: the typed search settled. */
  | { type: 'list.query' }
  | { type: 'list.retry' }
  /** What is shown may be stale (an action was taken): read the page again behind it. */
  | { type: 'list.changed' }
  /** Open the action's dialog (or, for taking a report into review, just do it) about the item `key`. */
  | { type: 'list.act'; key: string; action: AdminAction };

export interface AdminListContext {
  kind: AdminListKind;
  filter: AdminFilter;
  page: number;
  /** The search the list shows ('' for none). */
  query: string;
  /** What is typed in the search box, applied after SEARCH_DELAY. */
  draft: string;
  /** The audit log's admin filter (null: any admin). */
  adminId: string | null;
  /** The admins that filter offers, as the last page answered them (the audit log only). */
  admins: UserSummary[];
  items: AdminItem[];
  hasMore: boolean;
  total: number | null;
  error: string | null;
  /** The action whose dialog or request is running, and the item it is about. */
  acting: { key: string; action: AdminAction } | null;
}

export const LIST_FAILED = 'Could not load this list. Please try again.';
export const ACTION_CRASHED = 'Something went wrong with that action. Please try again.';
/** Typing pauses this long before the members list is searched (as on the people page). */
export const ADMIN_SEARCH_DELAY_MS = 300;

const pageOf = (context: AdminListContext): AdminPageRequest => ({
  kind: context.kind,
  page: context.page,
  filter: context.filter,
  search: context.query,
  adminId: context.adminId,
});

/** A new filter or search starts again from page 1; taken from every data state (not the region: see people.machine). */
const restart = {
  'list.filter': { guard: 'otherFilter', target: 'loading', reenter: true, actions: 'setFilter' },
  'list.admin': { guard: 'otherAdmin', target: 'loading', reenter: true, actions: 'setAdmin' },
  'list.query': { target: 'loading', reenter: true, actions: 'applyQuery' },
} as const;

/**
 * Every admin list (members, report queues, bans, appeals, hidden posts, the audit log;
 * adminLists.ts says how each differs): a page at a time with Previous / Next, a status (or
 * action) filter, the audit log's admin filter, the members' search (the audit log's target)
 * typed with a pause, errors with Try again. An action (`list.act`) runs as the child `action`
 * (adminAction.machine: the reason + confirm dialog and its request); its answer updates the
 * items in place (an item that leaves the filter leaves the list, and `total` follows), a toast
 * tells the admin, and the page is read again behind the rows (it fills up again, and the items'
 * audit history shows the new entry). A page that an action emptied steps back one page.
 */
export const adminListMachine = setup({
  types: {
    context: {} as AdminListContext,
    events: {} as AdminListEvent,
    /** `query`: a search to start with (the audit log's target from the address: /admin/audit?target=). */
    input: {} as { kind: AdminListKind; filter?: AdminFilter; query?: string },
  },
  actors: {
    /** Effect: GET the page of `kind` (src/effects/admin/admin.ts). */
    fetchPage: requiredPromise<AdminPage, AdminPageRequest>('fetchPage'),
    /** The action dialog, with its request provided by the effects. */
    action: adminActionMachine,
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    takePage: assign(({ event }) => {
      const { output } = event as unknown as { output: AdminPage };
      return {
        items: output.items,
        hasMore: output.hasMore,
        total: output.total,
        error: null,
        ...(output.admins ? { admins: output.admins } : {}),
      };
    }),
    setFilter: assign(({ context, event }) =>
      event.type === 'list.filter' ? { filter: event.filter, page: 1 } : { filter: context.filter },
    ),
    setAdmin: assign(({ context, event }) =>
      event.type === 'list.admin' ? { adminId: event.adminId, page: 1 } : { adminId: context.adminId },
    ),
    applyQuery: assign(({ context }) => ({ query: context.draft.trim(), page: 1 })),
    setDraft: assign(({ context, event }) => ({ draft: event.type === 'list.search' ? event.query : context.draft })),
  },
  guards: {
    otherFilter: ({ context, event }) => {
      assertEvent(event, 'list.filter');
      return event.filter !== context.filter && filtersOf(context.kind).includes(event.filter);
    },
    canGoTo: ({ context, event }) =>
      event.type === 'list.page' &&
      ((event.page === context.page - 1 && event.page >= 1) || (event.page === context.page + 1 && context.hasMore)),
    otherAdmin: ({ context, event }) => {
      assertEvent(event, 'list.admin');
      return event.adminId !== context.adminId && filtersByAdmin(context.kind);
    },
    searchable: ({ context }) => isSearchable(context.kind),
    queryChanged: ({ context }) => context.draft.trim() !== context.query,
    /** An action emptied a page past the first: show the one before. */
    emptyBeyondFirst: ({ context, event }) => (event as unknown as { output: AdminPage }).output.items.length === 0 && context.page > 1,
    itemShown: ({ context, event }) => {
      assertEvent(event, 'list.act');
      return context.items.some((item) => itemKey(context.kind, item) === event.key);
    },
    /** An action about an item on screen, while the list is shown (a stale button is refused). */
    canAct: and([stateIn('#adminList.data.ready'), 'itemShown']),
  },
  delays: { SEARCH_DELAY: ADMIN_SEARCH_DELAY_MS },
}).createMachine({
  id: 'adminList',
  context: ({ input }) => ({
    kind: input.kind,
    filter: input.filter !== undefined && filtersOf(input.kind).includes(input.filter) ? input.filter : defaultFilterOf(input.kind),
    page: 1,
    query: isSearchable(input.kind) ? (input.query ?? '').trim() : '',
    draft: isSearchable(input.kind) ? (input.query ?? '').trim() : '',
    adminId: null,
    admins: [],
    items: [],
    hasMore: false,
    total: null,
    error: null,
    acting: null,
  }),
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => pageOf(context),
            onDone: [
              { guard: 'emptyBeyondFirst', target: 'loading', reenter: true, actions: assign({ page: ({ context }) => context.page - 1 }) },
              { target: 'ready', actions: 'takePage' },
            ],
            onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, LIST_FAILED) }) },
          },
          on: restart,
        },
        ready: {
          initial: 'idle',
          on: {
            ...restart,
            'list.page': { guard: 'canGoTo', target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
          },
          states: {
            idle: { on: { 'list.changed': 'refreshing' } },
            // Behind the shown rows: no skeleton, and a failure keeps what is shown.
            refreshing: {
              invoke: {
                id: 'fetchPage',
                src: 'fetchPage',
                input: ({ context }) => pageOf(context),
                onDone: [
                  {
                    guard: 'emptyBeyondFirst',
                    target: '#adminList.data.loading',
                    actions: assign({ page: ({ context }) => context.page - 1 }),
                  },
                  { target: 'idle', actions: 'takePage' },
                ],
                onError: { target: 'idle' },
              },
              on: { 'list.changed': { target: 'refreshing', reenter: true } },
            },
          },
        },
        failed: {
          on: { ...restart, 'list.retry': 'loading' },
        },
      },
    },
    search: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'list.search': { guard: 'searchable', target: 'waiting', actions: 'setDraft' } },
        },
        waiting: {
          on: { 'list.search': { target: 'waiting', reenter: true, actions: 'setDraft' } },
          after: {
            SEARCH_DELAY: [{ guard: 'queryChanged', target: 'idle', actions: raise({ type: 'list.query' }) }, { target: 'idle' }],
          },
        },
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'list.act': {
              guard: 'canAct',
              target: 'running',
              actions: assign({ acting: ({ event }) => ({ key: event.key, action: event.action }) }),
            },
          },
        },
        running: {
          invoke: {
            id: 'action',
            src: 'action',
            input: ({ context }) => ({ action: defined(context.acting, 'the running action').action }),
            onDone: {
              target: 'idle',
              actions: enqueueActions(({ context, event, enqueue }) => {
                // The dialog's end: changes applied in place, the admin told, the page read again behind.
                const output = (event as unknown as { output: AdminActionOutput }).output;
                enqueue.assign({ acting: null });
                if (output.outcome === 'failed') {
                  enqueue({ type: 'showToast', params: { type: 'error', description: output.message } });
                  return;
                }
                if (output.outcome !== 'done') return;
                const { result } = output;
                const items = applyChanges(context.kind, context.items, result.changes, context.filter);
                const left = context.items.length - items.length;
                enqueue.assign({ items, total: context.total === null ? null : Math.max(0, context.total - left) });
                enqueue({ type: 'showToast', params: { type: 'success', description: result.message } });
                if (result.warning) enqueue({ type: 'showToast', params: { type: 'warning', description: result.warning } });
                enqueue.raise({ type: 'list.changed' });
              }),
            },
            onError: {
              target: 'idle',
              actions: [assign({ acting: null }), { type: 'showToast', params: { type: 'error', description: ACTION_CRASHED } }],
            },
          },
        },
      },
    },
  },
});

export type AdminListLogic = typeof adminListMachine;
export type AdminListActorRef = ActorRefFrom<typeof adminListMachine>;
export type AdminListSnapshot = SnapshotFrom<typeof adminListMachine>;

export const selectIsLoading = (s: AdminListSnapshot) => s.matches({ data: 'loading' });
export const selectIsFailed = (s: AdminListSnapshot) => s.matches({ data: 'failed' });
export const selectIsRefreshing = (s: AdminListSnapshot) => s.matches({ data: { ready: 'refreshing' } });
/** The running action's dialog, when it has one. */
export const selectActionRef = (s: AdminListSnapshot) => s.children.action as AdminActionActorRef | undefined;
/** Whether an action on this item is running (its buttons wait). */
export const selectIsActingOn = (s: AdminListSnapshot, key: string) => s.context.acting?.key === key;
