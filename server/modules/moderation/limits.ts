import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { currentAuth } from '../../http/authentication';
import { keyedLimit } from '../../http/rateLimits';

/**
 * Per member (the session's user, whatever address they come from): reports, posts and profiles
 * together (REPORT_LIMIT), and appeals (APPEAL_LIMIT), scaled by RATE_LIMIT_SCALE, kept in Redis
 * when REDIS_URL is set. Made once per app: POST /reportprofile and POST /reportpost share the
 * one count. Only what was accepted counts (`guard` before, `record` after success): a refused
 * duplicate does not use up the member's reports.
 */
export function createModerationLimits(
  app: FastifyInstance,
  rateLimits: Pick<Config['rateLimits'], 'reportsPerMember' | 'appealsPerMember'>,
) {
  const member = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).userId;
  return {
    reports: keyedLimit(app, 'reports', rateLimits.reportsPerMember, member),
    appeals: keyedLimit(app, 'appeals', rateLimits.appealsPerMember, member),
  };
}

export type ModerationLimits = ReturnType<typeof createModerationLimits>;
