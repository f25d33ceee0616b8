import { toastQueueMachine, type ToastQueueContext } from '../../../src/machines/shell/toastQueue.machine';
import { type MachineModel } from '../cover';

const LONG = 'A long message that goes on past the seventy-three characters a toast shows at full size.';

/**
 * The queue on its own: each toast actor is replaced by a deferred (replay fakes every declared
 * actor), and the model settles it with `xstate.done.actor.t-N`, which is what a real toast does
 * when its timeout passes or it is dismissed. The toast actor has its own model test, and the
 * real pair is exercised below and in tests/views/shell/toasts.test.tsx.
 */
const model = {
  events: [
    { type: 'toasts.show', toast: { description: 'Saved', type: 'success' } },
    { type: 'toasts.show', toast: { description: LONG, type: 'error', timeoutMs: 5000 } },
    { type: 'toasts.dismiss', id: 't-1' },
    { type: 'toasts.dismiss', id: 't-9' },
    { type: 'toasts.clear' },
    { type: 'toasts.pause' },
    { type: 'toasts.resume' },
    ...[1, 2, 3].map((n) => ({ type: `xstate.done.actor.t-${n}`, output: { id: `t-${n}` } })),
  ],
  filter: (snapshot: { context: unknown }, event: { type: string }) => {
    const context = snapshot.context as ToastQueueContext;
    if (event.type === 'toasts.show') return context.seq < 3;
    const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
    // Only a toast that is on screen can finish.
    if (done) return context.toasts.some((t) => t.notification.id === done[1]);
    return true;
  },
};

export const toastQueueModel: MachineModel = {
  name: 'toastQueue',
  machine: toastQueueMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
