import type { FastifyRequest } from 'fastify';
import { viewerOf } from '../../core/visibility';

/**
 * What personalization may learn from. The spec names only "clear user-behavior", no actions; we
 * record opening a post, reacting to one and commenting on one, the post being the subject
 * (docs/api.md, People). Nothing is recorded while the member has personalization off, and the
 * clear path deletes it all.
 */
export const BEHAVIOR_ACTIONS = ['view', 'react', 'comment'] as const;
export type BehaviorAction = (typeof BEHAVIOR_ACTIONS)[number];

/**
 * Called by the routes where the member acts, after the act succeeded. Recording is a side note:
 * a failure is logged and never fails the member's request.
 */
export async function recordBehavior(request: FastifyRequest, action: BehaviorAction, subjectId: string): Promise<void> {
  try {
    await request.server.services.profiles.recordBehavior(viewerOf(request), { action, subjectId });
  } catch (error) {
    request.log.warn({ err: error, action }, 'could not record behaviour');
  }
}
