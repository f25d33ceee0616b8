import { produce } from 'immer';
import { assign, setup } from 'xstate';
import { TOAST_COLORS, type ToastType } from '../../api/constants';

/** Icon names of the notification toast (spec section 3: "icon"); the view maps them to lucide icons. */
export const NOTIFICATION_ICONS: Record<ToastType, NotificationIcon> = {
  success: 'circle-check',
  error: 'circle-x',
  info: 'info',
  warning: 'triangle-alert',
};
export type NotificationIcon = 'circle-check' | 'circle-x' | 'info' | 'triangle-alert';

/** The spec's "Notification toast" entity (section 3). */
export interface Notification {
  id: string;
  description: string;
  type: ToastType;
  icon: NotificationIcon;
  backgroundColor: string;
}

/** What a sender supplies: the rest (id, icon, colour) follows from the type. */
export interface NotificationInput {
  description: string;
  type: ToastType;
  id?: string;
  icon?: NotificationIcon;
  backgroundColor?: string;
}

/** Builds the full record: icon and background colour come from the type (TOAST_COLORS). */
export function createNotification(id: string, input: NotificationInput): Notification {
  return {
    id: input.id ?? id,
    description: input.description,
    type: input.type,
    icon: input.icon ?? NOTIFICATION_ICONS[input.type],
    backgroundColor: input.backgroundColor ?? TOAST_COLORS[input.type],
  };
}

/** At most this many notices are remembered; the oldest fall off the end. */
export const NOTIFICATIONS_LIMIT = 50;

export interface NotificationsContext {
  notifications: Notification[];
  /** Numbers ids for notifications sent without one; part of the context so replays are exact. */
  seq: number;
}

export type NotificationsEvent =
  | { type: 'notifications.add'; notification: NotificationInput }
  | { type: 'notifications.remove'; id: string }
  | { type: 'notifications.clear' };

/**
 * The list of notices the member has been told this session (spec section 4, "Notifications"):
 * a new one goes to the front, an older one with the same description is dropped, clearing
 * empties it. The toast queue records every toast it shows here (docs/client-shell.md).
 * systemId 'notifications', a child of the app actor.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  guards: {
    removesLast: ({ context, event }) =>
      event.type === 'notifications.remove' && context.notifications.length === 1 && context.notifications[0].id === event.id,
  },
  actions: {
    add: assign(({ context, event }) => {
      if (event.type !== 'notifications.add') return {};
      const seq = context.seq + 1;
      const notification = createNotification(`n-${seq}`, event.notification);
      return produce(context, (draft) => {
        draft.seq = seq;
        const duplicate = draft.notifications.findIndex((n) => n.description === notification.description);
        if (duplicate !== -1) draft.notifications.splice(duplicate, 1);
        draft.notifications.unshift(notification);
        draft.notifications.splice(NOTIFICATIONS_LIMIT);
      });
    }),
    remove: assign(({ context, event }) => {
      if (event.type !== 'notifications.remove') return {};
      return produce(context, (draft) => {
        const index = draft.notifications.findIndex((n) => n.id === event.id);
        if (index !== -1) draft.notifications.splice(index, 1);
      });
    }),
    clear: assign(({ context }) =>
      produce(context, (draft) => {
        draft.notifications.length = 0;
      }),
    ),
  },
}).createMachine({
  id: 'notifications',
  context: { notifications: [], seq: 0 },
  initial: 'empty',
  states: {
    empty: {
      on: {
        'notifications.add': { target: 'listing', actions: 'add' },
      },
    },
    listing: {
      on: {
        'notifications.add': { actions: 'add' },
        'notifications.remove': [{ guard: 'removesLast', target: 'empty', actions: 'remove' }, { actions: 'remove' }],
        'notifications.clear': { target: 'empty', actions: 'clear' },
      },
    },
  },
});

export const selectNotifications = (snapshot: { context: NotificationsContext }) => snapshot.context.notifications;
