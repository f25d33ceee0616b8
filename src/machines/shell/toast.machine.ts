import { assertEvent, setup, type ActorRefFrom } from 'xstate';
import type { Notification } from '../notifications/notifications.machine';

export interface ToastInput {
  notification: Notification;
  timeoutMs: number;
}

export interface ToastContext {
  notification: Notification;
  timeoutMs: number;
}

export type ToastEvent =
  /** The queue's turn-taking: this toast is now the front one and its countdown may start. */
  { type: 'toast.activate'; paused: boolean } | { type: 'toast.pause' } | { type: 'toast.resume' } | { type: 'toast.dismiss' };

/**
 * One toast, spawned by the toast queue (statecharts guide §5). It waits its turn, then counts
 * down its timeout (a machine delay, no setTimeout) unless the member hovers or focuses the
 * toasts, and ends as `dismissed` with its id as output; the queue then removes it.
 * Resuming restarts the full timeout, so a toast never vanishes right under the pointer.
 */
export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
    input: {} as ToastInput,
    output: {} as { id: string },
  },
  guards: {
    activatesPaused: ({ event }) => {
      assertEvent(event, 'toast.activate');
      return event.paused;
    },
  },
  delays: {
    TIMEOUT: ({ context }) => context.timeoutMs,
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => ({ notification: input.notification, timeoutMs: input.timeoutMs }),
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        'toast.activate': [{ guard: 'activatesPaused', target: 'visible.paused' }, { target: 'visible' }],
        'toast.dismiss': 'dismissed',
      },
    },
    visible: {
      initial: 'counting',
      on: { 'toast.dismiss': 'dismissed' },
      states: {
        counting: {
          after: { TIMEOUT: '#toast.dismissed' },
          on: { 'toast.pause': 'paused' },
        },
        paused: {
          on: { 'toast.resume': 'counting' },
        },
      },
    },
    dismissed: { type: 'final' },
  },
  output: ({ context }) => ({ id: context.notification.id }),
});

export type ToastActorRef = ActorRefFrom<typeof toastMachine>;
