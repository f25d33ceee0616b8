import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { METRICS_PATH } from '../../src/api/paths';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { HttpError } from '../http/httpError';
import { createMetrics, queryKindOf, UNMATCHED_ROUTE, type Metrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's metrics when METRICS_TOKEN is set, else null (nothing is counted). */
    metrics: Metrics | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares the bearer token with METRICS_TOKEN in constant time (hashes of equal length). */
function carriesToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  const sent = header ? BEARER.exec(header)?.[1] : undefined;
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/**
 * GET /metrics and what feeds it (docs/server.md "Metrics and readiness"). Unset METRICS_TOKEN:
 * the path answers 404 like any unknown one, and nothing is counted. Set: a request must carry
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). The path is outside /api/v1, so the
 * API's rate limit does not count it: a scraper comes every few seconds, and the token (at least
 * 16 characters) is what keeps others out. Called before any route, so every route is measured.
 */
export function installObservability(app: FastifyInstance, config: Pick<Config, 'metricsToken'>, database: DatabaseHandle): Metrics | null {
  const token = config.metricsToken;
  const metrics = token ? createMetrics() : null;
  app.decorate('metrics', metrics);

  app.get(METRICS_PATH, async (request, reply) => {
    if (!token || !metrics) throw new HttpError(404, `Nothing at ${request.method} ${METRICS_PATH}`);
    if (!carriesToken(request, token)) {
      throw new HttpError(401, 'The metrics need the bearer token set in METRICS_TOKEN', { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
  if (!metrics) return null;

  // The route's pattern (never the URL, whose ids would make a label value per post), the method, the status.
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url === METRICS_PATH) return;
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  const stopQueries = database.observeQueries?.((query) => metrics.query(queryKindOf(query.nodeKind), query.ms / 1000, query.failed));
  if (database.poolStats) metrics.sources.pool = database.poolStats;
  app.addHook('onClose', async () => stopQueries?.());
  return metrics;
}
