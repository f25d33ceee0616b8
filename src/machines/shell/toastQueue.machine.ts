import { assertEvent, assign, enqueueActions, sendTo, setup, stopChild, type ActorRefFrom } from 'xstate';
import { defined } from '../shared/defined';
import { TOAST_TIMEOUT_MS, type ToastType } from '../../api/constants';
import { createNotification, type Notification } from '../notifications/notifications.machine';
import { toastMachine, type ToastActorRef } from './toast.machine';

/** What anyone sends to show a toast (the contract with every screen). */
export interface ToastRequest {
  description: string;
  type: ToastType;
  /** Defaults to TOAST_TIMEOUT_MS (3000); kept between 1 s and 2 min. */
  timeoutMs?: number;
}

export const TOAST_MIN_TIMEOUT_MS = 1000;
export const TOAST_MAX_TIMEOUT_MS = 120_000;

export function toastTimeout(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested) || requested <= 0) return TOAST_TIMEOUT_MS;
  return Math.min(TOAST_MAX_TIMEOUT_MS, Math.max(TOAST_MIN_TIMEOUT_MS, Math.round(requested)));
}

export interface QueuedToast {
  notification: Notification;
  ref: ToastActorRef;
}

export interface ToastQueueContext {
  /** Oldest first: the front one is the one counting down. */
  toasts: QueuedToast[];
  /** Numbers the toasts (`t-1`, `t-2`, ...) so ids are the same when a journal is replayed. */
  seq: number;
}

export type ToastQueueEvent =
  | { type: 'toasts.show'; toast: ToastRequest }
  | { type: 'toasts.dismiss'; id: string }
  | { type: 'toasts.clear' }
  | { type: 'toasts.pause' }
  | { type: 'toasts.resume' }
  | { type: `xstate.done.actor.${string}`; output: { id: string } };

type DoneEvent = Extract<ToastQueueEvent, { output: { id: string } }>;
const doneId = (event: ToastQueueEvent) => (event as DoneEvent).output?.id;

/**
 * The toast queue (systemId 'toasts', a child of the app actor). Every toast is a spawned
 * toast actor; they stack top-right and leave one at a time: only the front (oldest) toast
 * counts down, the next starts its own full timeout when it reaches the front. Hovering or
 * focusing the stack pauses the countdown. A toast whose description is already on screen
 * is not shown twice. Each shown toast is also recorded in the notifications list.
 */
/** The toast just enqueued is the last one: record it. */
const recordLatest = {
  type: 'record',
  params: ({ context }: { context: ToastQueueContext }) => ({ notification: defined(context.toasts.at(-1), 'the new toast').notification }),
} as const;

export const toastQueueMachine = setup({
  types: {
    context: {} as ToastQueueContext,
    events: {} as ToastQueueEvent,
  },
  actors: { toast: toastMachine },
  actions: {
    /** Effect: record the toast in the notifications list (systemId 'notifications'). */
    record: (_, _params: { notification: Notification }) => {},
    enqueue: assign(({ context, event, spawn }) => {
      if (event.type !== 'toasts.show') return {};
      const seq = context.seq + 1;
      const notification = createNotification(`t-${seq}`, event.toast);
      const ref = spawn('toast', {
        id: notification.id,
        input: { notification, timeoutMs: toastTimeout(event.toast.timeoutMs) },
      });
      return { seq, toasts: [...context.toasts, { notification, ref }] };
    }),
    activateFront: sendTo(
      ({ context }) => context.toasts[0].ref,
      (_, params: { paused: boolean }) => ({ type: 'toast.activate' as const, paused: params.paused }),
    ),
    pauseFront: sendTo(({ context }) => context.toasts[0].ref, { type: 'toast.pause' }),
    resumeFront: sendTo(({ context }) => context.toasts[0].ref, { type: 'toast.resume' }),
    forwardDismiss: sendTo(
      ({ context, event }) => {
        assertEvent(event, 'toasts.dismiss');
        return defined(
          context.toasts.find((t) => t.notification.id === event.id),
          'the dismissed toast',
        ).ref;
      },
      { type: 'toast.dismiss' },
    ),
    /** The toast actor reached `dismissed`: stop it and drop it from the stack. */
    remove: enqueueActions(({ event, enqueue }) => {
      const id = doneId(event);
      if (id) enqueue(stopChild(id));
      enqueue.assign({
        toasts: ({ context }) => context.toasts.filter((t) => t.notification.id !== id),
      });
    }),
    removeAll: enqueueActions(({ context, enqueue }) => {
      for (const toast of context.toasts) enqueue(stopChild(toast.ref));
      enqueue.assign({ toasts: [] });
    }),
  },
  guards: {
    isDuplicate: ({ context, event }) =>
      event.type === 'toasts.show' && context.toasts.some((t) => t.notification.description === event.toast.description),
    isQueued: ({ context, event }) => event.type === 'toasts.dismiss' && context.toasts.some((t) => t.notification.id === event.id),
    isLastToast: ({ context, event }) => context.toasts.length === 1 && context.toasts[0].notification.id === doneId(event),
    isFrontToast: ({ context, event }) => context.toasts[0]?.notification.id === doneId(event),
  },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], seq: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'toasts.show': {
          target: 'showing',
          actions: ['enqueue', recordLatest, { type: 'activateFront', params: { paused: false } }],
        },
      },
    },
    showing: {
      initial: 'running',
      on: {
        'toasts.show': [{ guard: 'isDuplicate' }, { actions: ['enqueue', recordLatest] }],
        'toasts.dismiss': { guard: 'isQueued', actions: 'forwardDismiss' },
        'toasts.clear': { target: 'idle', actions: 'removeAll' },
      },
      states: {
        running: {
          on: {
            'toasts.pause': { target: 'paused', actions: 'pauseFront' },
            'xstate.done.actor.*': [
              { guard: 'isLastToast', target: '#toasts.idle', actions: 'remove' },
              { guard: 'isFrontToast', actions: ['remove', { type: 'activateFront', params: { paused: false } }] },
              { actions: 'remove' },
            ],
          },
        },
        paused: {
          on: {
            'toasts.resume': { target: 'running', actions: 'resumeFront' },
            'xstate.done.actor.*': [
              { guard: 'isLastToast', target: '#toasts.idle', actions: 'remove' },
              { guard: 'isFrontToast', actions: ['remove', { type: 'activateFront', params: { paused: true } }] },
              { actions: 'remove' },
            ],
          },
        },
      },
    },
  },
});

export type ToastQueueActorRef = ActorRefFrom<typeof toastQueueMachine>;
