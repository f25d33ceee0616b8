import { failureStatus } from '../shared/failure';
import { failedOnNetwork } from '../shared/sendRetry';

/**
 * When a screen's send goes to the outbox instead of failing (docs/client-offline.md, "Outbox"):
 * no answer came (offline, the server unreachable), the server failed (5xx: it is down or
 * restarting), or the outbox already holds a send of the member's that was written before this
 * one (the effect says so with a QueuedBehind before sending, so nothing overtakes it).
 */
export class QueuedBehind extends Error {
  constructor() {
    super('An earlier send is waiting in the outbox');
    this.name = 'QueuedBehind';
  }
}

export function goesToOutbox(error: unknown): boolean {
  if (failedOnNetwork(error)) return true;
  if (error instanceof Error && error.name === 'QueuedBehind') return true;
  const status = failureStatus(error);
  return status !== null && status >= 500;
}
