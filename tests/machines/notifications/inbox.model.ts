import type { NotificationsPage } from '../../../src/api/notifications';
import { inboxMachine, requestOf, type InboxContext } from '../../../src/machines/notifications/inbox.machine';
import { ada, entry } from '../../fixtures/notifications';
import { refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

export const n1 = entry('n1', 30);
export const n2 = entry('n2', 20, { kind: 'follow', read: true, target: { type: 'profile', id: 'u2', label: 'ben' } });
export const n3 = entry('n3', 10, { kind: 'comment' });
export const n4 = entry('n4', 40, { kind: 'groupInvite', target: { type: 'group', id: 'g1', label: 'Night Owls' } });
export const FIRST: NotificationsPage = { notifications: [n1, n2], nextCursor: `${n2.updatedAt}_n2`, unreadCount: 2 };
export const MORE: NotificationsPage = { notifications: [n3], nextCursor: null, unreadCount: 2 };

// An entry in the list by id and read mark: `n1:unread`.
export const tag = (n: { _id: string; read: boolean }) => `${n._id}:${n.read ? 'read' : 'unread'}`;
export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as InboxContext;
  return JSON.stringify({
    value: snapshot.value,
    items: c.items.map(tag),
    next: c.nextCursor,
    unread: c.unreadCount,
    error: c.error,
    busy: c.busy,
  });
};

export type Snap = { context: unknown; matches(v: unknown): boolean };
const ctx = (s: Snap) => s.context as InboxContext;
/** Nothing else running: no page, no mark-all, no request. */
const quiet = (s: Snap) => s.matches({ more: 'idle' }) && s.matches({ readAll: 'idle' }) && Object.keys(ctx(s).busy).length === 0;

const model = {
  events: [
    { type: 'inbox.retry' },
    { type: 'inbox.more' },
    { type: 'inbox.readAll' },
    { type: 'inbox.reconnected' },
    { type: 'inbox.open', id: 'n1' },
    { type: 'inbox.delete', id: 'n2' },
    { type: 'inbox.arrived', notification: n4, unreadCount: 3 },
    { type: 'inbox.changed', change: { unreadCount: 1, read: ['n1'] } },
    { type: 'inbox.changed', change: { unreadCount: 1, removed: ['n2'], updated: { ...n1, actorCount: 2, actors: [ada] } } },
    { type: 'xstate.done.actor.loadPage', output: FIRST },
    { type: 'xstate.error.actor.loadPage', error: refused('Too many requests', 429) },
    { type: 'xstate.done.actor.morePage', output: MORE },
    { type: 'xstate.error.actor.morePage', error: new TypeError('Failed to fetch') },
    { type: 'xstate.done.actor.readAll', output: { message: 'All notifications marked as read', unreadCount: 0 } },
    { type: 'xstate.error.actor.readAll', error: {} },
    {
      type: 'xstate.done.actor.read.n1',
      output: { message: 'Notification marked as read', notification: { ...n1, read: true }, unreadCount: 1 },
    },
    { type: 'xstate.error.actor.read.n1', error: refused('Notification not found') },
    { type: 'xstate.done.actor.delete.n2', output: { message: 'Notification deleted', notificationId: 'n2', unreadCount: 2 } },
    { type: 'xstate.error.actor.delete.n2', error: null },
  ] as ModelEvent[],
  // Bounds the parallel regions: the member's acts and live news come one at a time from a quiet,
  // loaded list (the live events once each); a request settles only while it runs.
  filter: (snapshot: Snap, event: ModelEvent) => {
    const c = ctx(snapshot);
    const loaded = snapshot.matches({ list: 'loaded' });
    const settled = requestOf(event.type);
    if (settled) return c.busy[settled.id] === settled.request;
    switch (event.type) {
      // Only what the page offers: opening an unread entry marks it (a read one just navigates), deleting a shown one.
      case 'inbox.open':
        return loaded && quiet(snapshot) && c.items.some((n) => n._id === 'n1' && !n.read);
      case 'inbox.delete':
        return loaded && quiet(snapshot) && c.items.some((n) => n._id === 'n2');
      case 'inbox.readAll':
      case 'inbox.more':
        return loaded && quiet(snapshot);
      case 'inbox.arrived':
        return loaded && quiet(snapshot) && !c.items.some((n) => n._id === 'n4');
      case 'inbox.changed':
        return loaded && quiet(snapshot) && c.items.some((n) => n._id === 'n1' && !n.read) && !c.items.some((n) => n._id === 'n4');
      case 'inbox.reconnected':
        return quiet(snapshot) && c.items.length <= 2;
      default:
        return true;
    }
  },
};

export const inboxModel: MachineModel = {
  name: 'inbox',
  machine: inboxMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
