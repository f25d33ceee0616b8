import { assertEvent, assign, enqueueActions, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import type {
  Notification,
  NotificationDeleted,
  NotificationRead,
  NotificationsChangedPayload,
  NotificationsPage,
  NotificationsReadAll,
} from '../../api/notifications';
import { failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

/** The inbox page's route. */
export { INBOX_ROUTE } from '../shell/routes';

/** What an entry can ask the server for; at most one request per entry at a time. */
export type EntryRequest = 'read' | 'delete';

/** A request runs as a spawned child named `<request>.<notificationId>`; these are its settle events. */
type Settled =
  | { type: `xstate.done.actor.${string}`; output: NotificationRead | NotificationDeleted }
  | { type: `xstate.error.actor.${string}`; error: unknown };

export type InboxEvent =
  | { type: 'inbox.retry' }
  /** "Load more": the page after the last one shown. */
  | { type: 'inbox.more' }
  /** The member opened an entry (its link): an unread one is marked read at once. */
  | { type: 'inbox.open'; id: string }
  | { type: 'inbox.delete'; id: string }
  | { type: 'inbox.readAll' }
  // From the bus:
  /** A new entry, or one with a new actor: to the top. */
  | { type: 'inbox.arrived'; notification: Notification; unreadCount: number }
  /** Read, deleted or withdrawn in any tab (this one included). */
  | { type: 'inbox.changed'; change: NotificationsChangedPayload }
  | { type: 'inbox.reconnected' }
  | Settled;

/** A page of the inbox; `keptAt`: the server could not be reached, this is the first page kept on this device, saved then (ms). */
export type InboxPage = NotificationsPage & { keptAt?: number };

export interface InboxContext {
  /** Newest activity first, each entry once. */
  items: Notification[];
  /** Where the next page starts; null: everything is shown (or nothing is loaded yet). */
  nextCursor: string | null;
  unreadCount: number;
  error: string | null;
  /** The entries shown are the copy kept on this device, saved at this time (ms): the server was not reached. */
  keptAt: number | null;
  /** Requests in flight, by entry id. */
  busy: Record<string, EntryRequest>;
}

export const INBOX_FAILED = 'Could not load notifications. Please try again.';
export const MORE_FAILED = 'Could not load more notifications';
export const READ_ALL_FAILED = 'Could not mark all as read';
export const REQUEST_FAILED: Record<EntryRequest, string> = {
  read: 'Could not mark the notification as read',
  delete: 'Could not delete the notification',
};

const newer = (a: Notification, b: Notification) =>
  a.updatedAt === b.updatedAt ? (a._id < b._id ? 1 : -1) : a.updatedAt < b.updatedAt ? 1 : -1;

/**
 * The entries shown plus `incoming`, each once, newest activity first. Of two copies of one entry
 * the one with the newer activity stays (on a tie the incoming one: the server's copy is fresher).
 */
export function mergeEntries(items: readonly Notification[], incoming: readonly Notification[]): Notification[] {
  const byId = new Map(items.map((n) => [n._id, n]));
  for (const n of incoming) {
    const known = byId.get(n._id);
    if (!known || known.updatedAt <= n.updatedAt) byId.set(n._id, n);
  }
  return [...byId.values()].sort(newer);
}

/** A change from some tab (or the server's undo) applied to the entries shown. */
export function applyChange(items: readonly Notification[], change: NotificationsChangedPayload): Notification[] {
  const read = new Set(change.read ?? []);
  const removed = new Set(change.removed ?? []);
  return items
    .filter((n) => !removed.has(n._id))
    .map((n) => (change.allRead || read.has(n._id) ? (n.read ? n : { ...n, read: true }) : n))
    .map((n) => (change.updated && change.updated._id === n._id ? change.updated : n));
}

const PREFIX = /^xstate\.(?:done|error)\.actor\.(read|delete)\.(.+)$/;
/** The request and entry a settle event belongs to. */
export function requestOf(type: string): { request: EntryRequest; id: string } | null {
  const match = PREFIX.exec(type);
  return match ? { request: match[1] as EntryRequest, id: match[2]! } : null;
}
export const requestId = (request: EntryRequest, id: string) => `${request}.${id}`;

const setRead = (items: readonly Notification[], id: string, read: boolean) => items.map((n) => (n._id === id ? { ...n, read } : n));

/**
 * The notifications page (/app/social/notifications): the inbox newest first, a page at a time;
 * new entries arrive live at the top; opening an entry marks it read (at once, put back if the
 * server refuses); delete one; mark all as read. Changes made in other tabs apply here too, and a
 * reconnect reloads the first page behind what is shown. Opening the page marks nothing read.
 * When the server cannot be reached the first page is the one kept on this device (`keptAt`),
 * until a reconnect's reload replaces it.
 */
export const inboxMachine = setup({
  types: { context: {} as InboxContext, events: {} as InboxEvent },
  actors: {
    /** Effect: GET /notifications?cursor= (null: the first page). */
    loadPage: requiredPromise<InboxPage, { cursor: string | null }>('loadPage'),
    /** Effect: PUT /notifications/read/{id}. */
    readOne: requiredPromise<NotificationRead, { id: string }>('readOne'),
    /** Effect: DELETE /notifications/{id}. */
    deleteOne: requiredPromise<NotificationDeleted, { id: string }>('deleteOne'),
    /** Effect: PUT /notifications/read-all. */
    readAll: requiredPromise<NotificationsReadAll>('readAll'),
    /** Effect: the socket's inbox events and reconnects (the bus), as inbox events. */
    live: requiredCallback<EventObject>(),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    /** Effect: the nav badge learns the count the server just gave. */
    reportUnread: (_, _count: number) => {},
    startRequest: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'inbox.open' && event.type !== 'inbox.delete') return;
      const request: EntryRequest = event.type === 'inbox.open' ? 'read' : 'delete';
      enqueue.spawnChild(request === 'read' ? 'readOne' : 'deleteOne', { id: requestId(request, event.id), input: { id: event.id } });
      enqueue.assign({
        busy: { ...context.busy, [event.id]: request },
        // Opening marks it read at once; the server's answer confirms it.
        items: request === 'read' ? setRead(context.items, event.id, true) : context.items,
        unreadCount: request === 'read' ? Math.max(0, context.unreadCount - 1) : context.unreadCount,
      });
    }),
    /** The child has settled: stop it (a finished child stays in `children` otherwise) and free the entry. */
    endRequest: enqueueActions(({ context, event, enqueue }) => {
      const of = requestOf(event.type);
      if (!of) return;
      enqueue.stopChild(requestId(of.request, of.id));
      const { [of.id]: _done, ...busy } = context.busy;
      enqueue.assign({ busy });
    }),
    applyAnswer: enqueueActions(({ context, event, enqueue }) => {
      const of = requestOf(event.type);
      if (!of || !('output' in event)) return;
      const answer = event.output;
      enqueue.assign({
        items:
          'notification' in answer
            ? context.items.map((n) => (n._id === of.id ? answer.notification : n))
            : context.items.filter((n) => n._id !== of.id),
        unreadCount: answer.unreadCount,
      });
    }),
    undoRead: enqueueActions(({ context, event, enqueue }) => {
      const of = requestOf(event.type);
      if (of?.request !== 'read') return;
      enqueue.assign({ items: setRead(context.items, of.id, false), unreadCount: context.unreadCount + 1 });
    }),
    setFirstPage: assign(({ context, event }) => {
      const page = (event as unknown as { output: InboxPage }).output;
      return {
        items: mergeEntries(context.items, page.notifications),
        // Pages loaded further down stay loaded: the next one starts after them.
        nextCursor: context.items.length > page.notifications.length ? context.nextCursor : page.nextCursor,
        unreadCount: page.unreadCount,
        error: null,
        keptAt: page.keptAt ?? null,
      };
    }),
  },
  guards: {
    isUnreadAndFree: ({ context, event }) =>
      event.type === 'inbox.open' && !(event.id in context.busy) && context.items.some((n) => n._id === event.id && !n.read),
    isFree: ({ context, event }) => {
      assertEvent(event, 'inbox.delete');
      return !(event.id in context.busy) && context.items.some((n) => n._id === event.id);
    },
    hasMore: ({ context }) => context.nextCursor !== null,
    /** Not while the entries are the kept copy: the server is not reached. */
    hasUnread: ({ context }) => context.unreadCount > 0 && context.keptAt === null,
  },
}).createMachine({
  id: 'inbox',
  type: 'parallel',
  context: { items: [], nextCursor: null, unreadCount: 0, error: null, keptAt: null, busy: {} },
  invoke: { id: 'live', src: 'live' },
  on: {
    'inbox.open': { guard: 'isUnreadAndFree', actions: 'startRequest' },
    'inbox.delete': { guard: 'isFree', actions: 'startRequest' },
    // At the root: a request outlives any reload.
    'xstate.done.actor.read.*': {
      actions: ['endRequest', 'applyAnswer', { type: 'reportUnread', params: ({ event }) => event.output.unreadCount }],
    },
    'xstate.done.actor.delete.*': {
      actions: ['endRequest', 'applyAnswer', { type: 'reportUnread', params: ({ event }) => event.output.unreadCount }],
    },
    'xstate.error.actor.read.*': {
      actions: [
        'endRequest',
        'undoRead',
        {
          type: 'showToast',
          params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, REQUEST_FAILED.read) }),
        },
      ],
    },
    'xstate.error.actor.delete.*': {
      actions: [
        'endRequest',
        {
          type: 'showToast',
          params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, REQUEST_FAILED.delete) }),
        },
      ],
    },
    'inbox.arrived': {
      actions: assign(({ context, event }) => ({
        items: mergeEntries(context.items, [event.notification]),
        unreadCount: event.unreadCount,
      })),
    },
    'inbox.changed': {
      actions: assign(({ context, event }) => ({ items: applyChange(context.items, event.change), unreadCount: event.change.unreadCount })),
    },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: { cursor: null },
            onDone: {
              target: 'loaded',
              actions: ['setFirstPage', { type: 'reportUnread', params: ({ event }) => event.output.unreadCount }],
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, INBOX_FAILED) }) },
          },
          // What is being read may already be stale: read again.
          on: { 'inbox.reconnected': { target: 'loading', reenter: true } },
        },
        loaded: {
          on: { 'inbox.reconnected': 'refreshing' },
        },
        // The first page again, behind what is shown: no skeleton, and a failure keeps it.
        refreshing: {
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: { cursor: null },
            onDone: {
              target: 'loaded',
              actions: ['setFirstPage', { type: 'reportUnread', params: ({ event }) => event.output.unreadCount }],
            },
            onError: { target: 'loaded' },
          },
          on: { 'inbox.reconnected': { target: 'refreshing', reenter: true } },
        },
        failed: {
          on: { 'inbox.retry': 'loading', 'inbox.reconnected': 'loading' },
        },
      },
    },
    more: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'inbox.more': { guard: 'hasMore', target: 'loading' } },
        },
        loading: {
          invoke: {
            id: 'morePage',
            src: 'loadPage',
            input: ({ context }) => ({ cursor: context.nextCursor }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  items: mergeEntries(context.items, event.output.notifications),
                  nextCursor: event.output.nextCursor,
                  unreadCount: event.output.unreadCount,
                })),
                { type: 'reportUnread', params: ({ event }) => event.output.unreadCount },
              ],
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
    readAll: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'inbox.readAll': { guard: 'hasUnread', target: 'marking' } },
        },
        marking: {
          invoke: {
            id: 'readAll',
            src: 'readAll',
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  items: applyChange(context.items, { unreadCount: 0, allRead: true }),
                  unreadCount: event.output.unreadCount,
                })),
                { type: 'reportUnread', params: ({ event }) => event.output.unreadCount },
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'showToast',
                params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, READ_ALL_FAILED) }),
              },
            },
          },
        },
      },
    },
  },
});

export type InboxActorRef = ActorRefFrom<typeof inboxMachine>;
export type InboxSnapshot = SnapshotFrom<typeof inboxMachine>;

export const selectIsLoading = (s: InboxSnapshot) => s.matches({ list: 'loading' });
export const selectFailed = (s: InboxSnapshot) => s.matches({ list: 'failed' });
export const selectLoadingMore = (s: InboxSnapshot) => s.matches({ more: 'loading' });
export const selectMarkingAll = (s: InboxSnapshot) => s.matches({ readAll: 'marking' });
export const selectBusy = (s: InboxSnapshot, id: string): EntryRequest | null => s.context.busy[id] ?? null;
