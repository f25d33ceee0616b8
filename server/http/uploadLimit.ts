import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { currentAuth } from './authentication';
import { keyedLimit } from './rateLimits';

/**
 * Uploads per member (30 in 30 minutes, scaled by RATE_LIMIT_SCALE; in Redis when REDIS_URL is
 * set), whatever the address: every image or video a member sends costs the server a decode.
 * Made once per app, so every upload route shares the one count; a route uses it as its own
 * onRequest hook, which runs after the authentication and before the body is read.
 */
export function createUploadLimit(app: FastifyInstance, rule: Config['rateLimits']['uploadsPerMember']) {
  const limit = keyedLimit(app, 'uploads', rule, (request) => currentAuth(request).userId);
  return { onRequest: (request: FastifyRequest) => limit.hit(request) };
}

export type UploadLimit = ReturnType<typeof createUploadLimit>;
