import { unreadBadgeMachine, type UnreadBadgeContext } from '../../../src/machines/shell/unreadBadge.machine';
import { type MachineModel, type ModelEvent } from '../cover';

const model = {
  events: [
    { type: 'badge.start' },
    { type: 'badge.stop' },
    { type: 'badge.refresh' },
    { type: 'badge.count', unreadCount: 3 },
    { type: 'xstate.done.actor.loadCount', output: { unreadCount: 7 } },
    { type: 'xstate.error.actor.loadCount', error: { data: { message: 'Too many requests', statusCode: 429 } } },
  ] as ModelEvent[],
  // Bounded: a third failure in a row behaves as the second (only the delay grows).
  filter: (snapshot: { context: unknown }, event: ModelEvent) =>
    event.type !== 'xstate.error.actor.loadCount' || (snapshot.context as UnreadBadgeContext).attempts < 2,
};

export const unreadBadgeModel: MachineModel = {
  name: 'unreadBadge',
  machine: unreadBadgeMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
