import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigSchema, healthResponseSchema, readyResponseSchema, type ClientConfig } from '../../src/api/config';
import { ENVIRONMENT } from '../../src/api/constants';
import { paths } from '../../src/api/paths';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { createReadiness } from '../observability/readiness';
import { HttpError } from './httpError';

/**
 * Health (alive: for the start script), readiness (can serve: for load balancers and rolling
 * restarts) and what the client needs at run time. GET /metrics is server/observability/http.ts.
 */
export const systemRoutes: FastifyPluginAsyncZod<{ config: Config; database: DatabaseHandle; redis: Redis | undefined }> = async (
  app,
  opts,
) => {
  const clientConfig: ClientConfig = {
    env: ENVIRONMENT,
    googleSignIn: opts.config.firebase !== null,
    firebase: opts.config.firebase,
    supportEmail: opts.config.supportEmail,
  };
  const readiness = createReadiness({ database: opts.database, redis: opts.redis });

  app.get(paths.health, { schema: { response: { 200: healthResponseSchema } } }, async () => {
    try {
      await sql`select 1`.execute(opts.database.db);
    } catch {
      throw new HttpError(503, 'Database unavailable');
    }
    return { status: 'ok' as const, database: opts.database.dialect };
  });

  app.get(paths.ready, { schema: { response: { 200: readyResponseSchema } } }, async (_request, reply) => {
    const state = await readiness();
    reply.header('cache-control', 'no-store');
    if (!state.ready) throw new HttpError(503, `Not ready: ${state.problems.join('; ')}`);
    return { status: 'ready' as const, database: state.database, redis: state.redis, migrations: 'done' as const };
  });

  app.get(paths.config, { schema: { response: { 200: clientConfigSchema } } }, async () => clientConfig);
};
