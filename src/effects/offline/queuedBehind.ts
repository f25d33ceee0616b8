import { outboxHoldsWaiting } from '../../machines/offline/outbox.connect';
import { QueuedBehind } from '../../machines/offline/outbox.handoff';
import type { OutboxSnapshot } from '../../machines/offline/outbox.machine';
import type { HasSystem } from '../shell/bridge';

/** Whether a send of the member's still waits in the app's outbox (app child 'outbox'); no outbox, none waits. */
export const queuedBehindOutbox = (app: HasSystem) =>
  outboxHoldsWaiting(app.system.get('outbox')?.getSnapshot() as OutboxSnapshot | undefined);

/**
 * Nothing overtakes a send of the member's still waiting in the outbox (docs/client-offline.md,
 * "Outbox"): a send effect calls this first, and its QueuedBehind hands the new send to the outbox.
 */
export function rejectIfQueuedBehind(app: HasSystem) {
  if (queuedBehindOutbox(app)) throw new QueuedBehind();
}
